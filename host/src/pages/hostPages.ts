import type { ComponentType } from 'react';
import { HomePage } from './HomePage';
import { LoginPage } from './LoginPage';
import { NotFoundPage } from './NotFoundPage';
import { OpsPage } from '../ops/OpsPage';
import { TestPage } from './TestPage';

/** The pages of the routes the host owns itself (owner 'host' in the route table). */
export const hostPages: Record<string, ComponentType> = {
  main: HomePage,
  login: LoginPage,
  dome: TestPage,
  demo: TestPage,
  new_file: TestPage,
  ops: OpsPage,
  '404': NotFoundPage,
};
