import { useBackToList } from '../../app/router/useBackToList';
import { Button, Card, Descriptions, Empty, Image, Space, Spin, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchUserDetail, fetchUserInit } from '../../api/userinfo';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { openImageViewer } from '../../app/state/imageViewerStore';
import { EMPTY, formatDate, formatDateTime } from '../../utils/format';
import { optionLabel, roleLabel } from './userInfo/display';


/** One user, read-only (userView?id=...). */
export default function UserView() {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const back = useBackToList('userInfo');
  const detail = useQuery({ queryKey: ['userDetail', id, lang], queryFn: () => fetchUserDetail(id), enabled: id !== '' });
  const init = useQuery({ queryKey: ['userInit', '', lang], queryFn: () => fetchUserInit() });
  const user = detail.data;
  const text = (value: string | null | undefined) => value || EMPTY;

  return (
    <Card
      title={t('userInfo.detailTitle')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="user-view-back">
          {t('userInfo.back')}
        </Button>
      }
    >
      {detail.isLoading && <Spin />}
      {!detail.isLoading && !user && <Empty description={t('userInfo.notFound')} />}
      {user && (
        <Descriptions bordered column={{ xs: 1, md: 2 }} size="small" data-testid="user-view">
          <Descriptions.Item label={t('userInfo.userCode')}>{user.userCode}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.username')}>{user.username}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.name')}>{user.name}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.sex')}>{optionLabel(init.data?.sexOptions, user.sex)}</Descriptions.Item>
          {user.companyName && <Descriptions.Item label={t('userInfo.company')}>{user.companyName}</Descriptions.Item>}
          <Descriptions.Item label={t('userInfo.dept')}>{text(user.deptName)}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.jobTitle')}>{text(user.jobTitle)}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.roles')}>
            {user.roles.length ? (
              <Space size={4} wrap>
                {user.roles.map((r) => (
                  <Tag key={r.id}>{roleLabel(r, lang)}</Tag>
                ))}
              </Space>
            ) : (
              EMPTY
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('userInfo.phone')}>{text(user.phone)}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.email')}>{text(user.email)}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.birthdate')}>{formatDate(user.birthdate)}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.contractDates')}>
            {user.contractStart || user.contractEnd ? `${formatDate(user.contractStart)} ~ ${formatDate(user.contractEnd)}` : EMPTY}
          </Descriptions.Item>
          <Descriptions.Item label={t('userInfo.status')}>
            <Tag color={user.status === '1' ? 'success' : 'default'}>{optionLabel(init.data?.statusOptions, user.status)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('userInfo.mustChangePassword')}>
            {user.mustChangePassword ? t('userInfo.yes') : t('userInfo.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('userInfo.lastLoginAt')}>{formatDateTime(user.lastLoginAt)}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.lastLoginIp')}>{text(user.lastLoginIp)}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.createdAt')}>{formatDateTime(user.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.updatedAt')}>{formatDateTime(user.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('userInfo.avatar')}>
            {user.avatar ? (
              <Image
                src={user.avatar}
                width={64}
                height={64}
                preview={false}
                style={{ cursor: 'pointer', objectFit: 'cover' }}
                onClick={() => openImageViewer([user.avatar])}
                alt={user.username}
              />
            ) : (
              EMPTY
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('userInfo.remark')} span={2}>
            {text(user.remark)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
