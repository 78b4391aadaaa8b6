import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { PageLoading } from '@sports/shared';
import { HomePage } from './HomePage';
import { AboutPage, ContactPage, PrivacyPage, TermsPage } from './InfoPages';
import { LoginPage } from './LoginPage';
import { NotFoundPage } from './NotFoundPage';
import { TestPage } from './TestPage';

const LazyMessagesPage = lazy(() => import(/* webpackChunkName: "route-messages" */ '../messages/MessagesPage').then((module) => ({ default: module.MessagesPage })));

/** The message centre (issue 39), loaded when it is opened: no first visit needs it. */
function MessagesPage() {
  return createElement(Suspense, { fallback: createElement(PageLoading) }, createElement(LazyMessagesPage));
}

const LazyOpsPage = lazy(() => import('../ops/OpsPage').then((module) => ({ default: module.OpsPage })));

/**
 * The ops console, loaded when it is opened: it is about half the host's own code (~17 KiB
 * compressed), which no first visit to the home page needs (issue 16, e2e/bench/README.md).
 */
function OpsPage() {
  return createElement(Suspense, { fallback: createElement(PageLoading) }, createElement(LazyOpsPage));
}

/** The pages of the routes the host owns itself (owner 'host' in the route table). */
export const hostPages: Record<string, ComponentType> = {
  main: HomePage,
  login: LoginPage,
  dome: TestPage,
  demo: TestPage,
  new_file: TestPage,
  ops: OpsPage,
  '404': NotFoundPage,
  about: AboutPage,
  contact: ContactPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  messages: MessagesPage,
};
