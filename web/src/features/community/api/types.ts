import type { components } from '@/lib/api-types';

export type Post = components['schemas']['CommunityPost'];
export type PostPage = components['schemas']['CommunityPostPage'];
export type Comment = components['schemas']['CommunityComment'];
export type CommentPage = components['schemas']['CommunityCommentPage'];
/** The public feed, or the Elite channel for elite members and coaches (docs/coaching.md). */
export type Channel = 'public' | 'elite';

/** Every community query key starts with this, so one invalidation refreshes them all. */
export const POSTS_KEY = ['/api/community/posts'] as const;
export const postKey = (id: number) => [...POSTS_KEY, id] as const;
export const commentsKey = (id: number) => [...POSTS_KEY, id, 'comments'] as const;

/** Limits (docs/product.md#community); the server checks them too. */
export const MAX_POST_CHARS = 2000;
export const MAX_COMMENT_CHARS = 1000;
