import type { FileItem } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * POST /api/system/user/uploadAvatar (multipart `file` and `userId`): the user's avatar becomes this picture;
 * getUserInfo then answers its signed link. The dialog shows the server's rule messages (4022) itself.
 */
export function uploadAvatar(picture: Blob, userId: string): Promise<FileItem> {
  const form = new FormData();
  form.append('file', picture, 'avatar.jpg');
  form.append('userId', userId);
  return api.upload<FileItem>('/system/user/uploadAvatar', form, { handles: ['4022'] });
}
