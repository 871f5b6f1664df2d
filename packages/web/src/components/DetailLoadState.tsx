import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Spin } from 'antd';

/** What a full-page detail form shows before its record is there: a spinner, or "not found" with a way back. */
export function DetailLoadState(props: { loading: boolean; backLabel: string; notFoundLabel: string; onBack: () => void }) {
  if (props.loading) {
    return (
      <Card>
        <Spin />
      </Card>
    );
  }
  return (
    <Card
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={props.onBack}>
          {props.backLabel}
        </Button>
      }
    >
      <Empty description={props.notFoundLabel} />
    </Card>
  );
}
