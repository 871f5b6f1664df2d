import { Space } from 'antd';
import { ImageUpload, type ImagePlace } from '../../../components/upload/ImageUpload';

export interface ImageListInputProps {
  /** Stored file ids, in display order; a form field's value. */
  value?: string[];
  onChange?: (ids: string[]) => void;
  max: number;
  place?: ImagePlace;
  disabled?: boolean;
}

/** Several pictures as one form control: each can be replaced or removed, and one more added up to `max`. */
export function ImageListInput({ value = [], onChange, max, place = 'productImage', disabled = false }: ImageListInputProps) {
  const replace = (index: number, id: string | undefined) => {
    const next = [...value];
    if (id) next[index] = id;
    else next.splice(index, 1);
    onChange?.(next);
  };
  return (
    <Space wrap align="start" data-testid="image-list">
      {value.map((id, index) => (
        <ImageUpload key={`${id}-${index}`} place={place} value={id} disabled={disabled} onChange={(next) => replace(index, next)} />
      ))}
      {!disabled && value.length < max && <ImageUpload place={place} onChange={(id) => id && onChange?.([...value, id])} />}
    </Space>
  );
}
