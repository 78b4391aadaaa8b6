// The uploads domain's surface.
export { uploadsPlugin } from './uploadsPlugin';
export { isOwnUpload, issueUploadToken } from './service';
