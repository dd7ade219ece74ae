export { acceptedLabel, checkFile, formatBytes, matchesAccept, progressPercent, type AcceptRule, type FileRules } from './file-checks';
export { FileUpload, type FileUploadProps } from './FileUpload';
export { ProgressBar } from './ProgressBar';
