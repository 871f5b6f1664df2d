import { useState } from 'react';
import { App, Button, Space, Typography, Upload, type UploadProps } from 'antd';
import { DeleteOutlined, EyeOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_RULES, checkUploadName, fileViewPath, uploadAccept, type UploadedFile } from '@rd/contract';
import { uploadFile } from '../../api/files';
import { AuthImage } from './AuthImage';
import { previewBlobs } from './previewBlobs';
import { uploadProblemText } from './uploadProblemText';
import { useStoredImage } from './useStoredImage';

/** Places that take pictures. */
export type ImagePlace = 'avatar' | 'productImage' | 'image';

export interface ImageUploadProps {
  /** Where the image is used: it sets the size limit (spec 5.3). */
  place?: ImagePlace;
  /** The stored file's id; a form field's value. */
  value?: string;
  /** A new id after an upload, undefined after a removal. */
  onChange?: (fileId: string | undefined, file?: UploadedFile) => void;
  disabled?: boolean;
}

const CARD = 102;

/**
 * One picture as a form control: shows the current image (fetched with the token), previews it in the
 * global image viewer, and uploads a new one through the app's HTTP client after checking its name and
 * size here first, so a file the server would refuse is not even sent.
 */
export function ImageUpload({ place = 'image', value, onChange, disabled = false }: ImageUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  const current = useStoredImage(value ? fileViewPath(value) : undefined);
  const rule = UPLOAD_RULES[place];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = checkUploadName(place, file.name, file.size);
    if (!problem) return true;
    void message.error(uploadProblemText(problem, t));
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    setProgress(0);
    uploadFile(file as File, place, (percent) => {
      setProgress(percent);
      onProgress?.({ percent });
    })
      .then((uploaded) => {
        setProgress(null);
        onSuccess?.(uploaded);
        onChange?.(uploaded.fileId, uploaded);
      })
      // The HTTP client has already shown the server's reason.
      .catch((error: unknown) => {
        setProgress(null);
        onError?.(error instanceof Error ? error : new Error(String(error)));
      });
  };

  const preview = () => {
    if (current.data) previewBlobs([current.data]);
  };

  return (
    <Space orientation="vertical" size={4}>
      <Space align="start" wrap>
        {value && (
          <Space orientation="vertical" size={2} align="center" data-testid="image-upload-current">
            <AuthImage fileId={value} width={CARD} height={CARD} alt={t('upload.preview')} onClick={preview} />
            <Space size={0}>
              <Button
                size="small"
                type="text"
                icon={<EyeOutlined />}
                onClick={preview}
                disabled={!current.data}
                aria-label={t('upload.preview')}
                title={t('upload.preview')}
              />
              {!disabled && (
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => onChange?.(undefined)}
                  aria-label={t('upload.remove')}
                  title={t('upload.remove')}
                />
              )}
            </Space>
          </Space>
        )}
        {!disabled && (
          <Upload
            accept={uploadAccept(place)}
            listType="picture-card"
            showUploadList={false}
            maxCount={1}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
            disabled={progress !== null}
          >
            <div data-testid="image-upload-trigger">
              {progress !== null ? <LoadingOutlined /> : <PlusOutlined />}
              <div style={{ marginTop: 8 }}>
                {progress !== null ? `${t('upload.uploading')} ${progress}%` : value ? t('upload.replace') : t('upload.select')}
              </div>
            </div>
          </Upload>
        )}
      </Space>
      {!disabled && (
        <Typography.Text type="secondary">
          {t('upload.hint', { types: rule.extensions.join(', '), max: rule.maxLabel })}
        </Typography.Text>
      )}
    </Space>
  );
}
