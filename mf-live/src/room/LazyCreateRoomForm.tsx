import { PageLoading, useLoadedComponent } from '@sports/shared';
import type { CreateRoomFormProps } from './CreateRoomForm';

/** The create-room form (`#/live?mine=1` for an anchor without a room): its own chunk, as the owner's console (LazyOwnerPanel.tsx). */
const loadCreateRoomForm = () => import(/* webpackChunkName: "create-room" */ './CreateRoomForm').then((module) => ({ default: module.CreateRoomForm }));

export function LazyCreateRoomForm(props: CreateRoomFormProps) {
  const CreateRoomForm = useLoadedComponent(loadCreateRoomForm);
  return CreateRoomForm ? <CreateRoomForm {...props} /> : <PageLoading />;
}
