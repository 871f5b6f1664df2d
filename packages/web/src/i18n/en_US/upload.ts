import type upload from '../zh_CN/upload';

/** Uploads and stored images (English); typed by the Chinese file. */
const uploadEn: typeof upload = {
  select: 'Upload image',
  replace: 'Replace image',
  uploading: 'Uploading…',
  preview: 'Preview',
  remove: 'Remove',
  download: 'Download',
  imageUnavailable: 'The image cannot be shown',
  uploaded: 'Uploaded',
  fileType: 'Only {{types}} files are allowed',
  fileSize: 'The file cannot be larger than {{max}}',
  fileEmpty: 'The file is empty',
  fileContent: 'The file content does not match an allowed format ({{types}})',
  hint: '{{types}}, at most {{max}}',
};

export default uploadEn;
