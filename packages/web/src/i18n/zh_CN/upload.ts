/** Uploads and stored images (Chinese). en_US/upload.ts has the same keys. */
const upload = {
  select: '上传图片',
  replace: '更换图片',
  uploading: '上传中…',
  preview: '预览',
  remove: '移除',
  download: '下载',
  imageUnavailable: '图片无法显示',
  uploaded: '上传成功',
  fileType: '仅支持 {{types}} 格式的文件',
  fileSize: '文件大小不能超过 {{max}}',
  fileEmpty: '文件内容为空',
  fileContent: '文件内容与允许的格式（{{types}}）不符',
  hint: '支持 {{types}}，不超过 {{max}}',
};

export default upload;
