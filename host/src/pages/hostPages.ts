import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { PageLoading, sharedMessages, useLoadedComponent, type ComponentLoader } from '@sports/shared';
import { ContainedFailure } from '../remotes/ContainedFailure';
import { RenderErrorBoundary } from '../remotes/RenderErrorBoundary';
import { HomePage } from './HomePage';
import { INFO_PAGE_LOADERS } from './loadInfoPages';
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

/**
 * One of the footer's pages (loadInfoPages.ts), shown once its chunk is here: a state update, not
 * React.lazy (shared/src/remoteKit/loadedComponent.ts: no 300 ms hold of the fallback), usually
 * already loaded when its link was pointed at. A chunk that failed shows the contained failure
 * with a retry (the page again).
 */
function lazyInfoPage(load: ComponentLoader<object>): ComponentType {
  function InfoPageWhenLoaded() {
    const Page = useLoadedComponent(load);
    return Page ? createElement(Page) : createElement(PageLoading);
  }
  return function InfoPage() {
    const failed = createElement(ContainedFailure, {
      title: sharedMessages.remoteFailedTitle,
      body: sharedMessages.remoteFailedBody,
      onRetry: async () => window.location.reload(),
      testId: 'page-load-failed',
    });
    return createElement(RenderErrorBoundary, { fallback: failed, onError: () => undefined, children: createElement(InfoPageWhenLoaded) });
  };
}

const AboutPage = lazyInfoPage(INFO_PAGE_LOADERS.about);
const ContactPage = lazyInfoPage(INFO_PAGE_LOADERS.contact);
const TermsPage = lazyInfoPage(INFO_PAGE_LOADERS.terms);
const PrivacyPage = lazyInfoPage(INFO_PAGE_LOADERS.privacy);

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
