import type { RemotePageProps } from '@sports/shared';
import { PostPage } from './PostDetailPage';

/** #/comment?id=<post id>: the post's full comment thread (deep links to a post's comments); see PostPage. */
export default function CommentPage(props: RemotePageProps) {
  return <PostPage {...props} only="comments" />;
}
