import { Show } from '@refinedev/antd';
import { useCan, useTranslate } from '@refinedev/core';
import type { AdminKycDecisionReply, AdminKycDetailReply, AdminKycDocument } from '@sorte/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Image,
  Input,
  Modal,
  Row,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { KYC_COLOR } from './kyc';
import { forgetPaymentPages, PAYMENT_PATHS } from './paths';

const ORDER = ['id_front', 'id_back', 'selfie', 'proof_of_address'];

/** One document beside the player's others (front, back, selfie, proof of address), with approve and reject. */
export function KycReviewPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const [data, setData] = useState<AdminKycDetailReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<AdminKycDocument | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const canApprove = useCan({ resource: 'kyc', action: 'approve' }).data?.can ?? false;
  const canReject = useCan({ resource: 'kyc', action: 'reject' }).data?.can ?? false;

  const load = useCallback(async () => {
    try {
      setData(await api<AdminKycDetailReply>(PAYMENT_PATHS.kycDocument(id)));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const decide = async (doc: AdminKycDocument, act: 'approve' | 'reject', why?: string) => {
    setBusy(doc.id);
    try {
      await api<AdminKycDecisionReply>(PAYMENT_PATHS.kycDecision(doc.id, act), {
        method: 'POST',
        body: why ? { reason: why } : {},
      });
      message.success(t(act === 'approve' ? 'payments.kyc.approved' : 'payments.kyc.rejected'));
      forgetPaymentPages();
      await load();
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  if (error) return <Alert type="error" message={error} showIcon />;
  if (!data) return <Spin />;
  const docs = [...data.set].sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type));
  const d = data.document;
  return (
    <Show
      title={t('payments.kyc.reviewTitle', { player: d.player_name, id: d.player_id })}
      breadcrumb={false}
      canEdit={false}
      canDelete={false}
      headerButtons={<Button onClick={() => navigate('/payments/kyc')}>{t('payments.kyc.backToQueue')}</Button>}
    >
      <Row gutter={[16, 16]}>
        {docs.map((doc) => (
          <Col key={doc.id} xs={24} sm={12} xl={6}>
            <Card
              size="small"
              title={t(`payments.kyc.types.${doc.type}`)}
              extra={<Tag color={KYC_COLOR[doc.status]}>{t(`payments.kyc.statuses.${doc.status}`)}</Tag>}
              style={doc.id === d.id ? { borderColor: '#1677ff' } : undefined}
              actions={
                doc.status === 'pending' && (canApprove || canReject)
                  ? [
                      ...(canApprove
                        ? [
                            <Button
                              key="a"
                              type="primary"
                              size="small"
                              loading={busy === doc.id}
                              onClick={() => void decide(doc, 'approve')}
                            >
                              {t('payments.kyc.approve')}
                            </Button>,
                          ]
                        : []),
                      ...(canReject
                        ? [
                            <Button
                              key="r"
                              danger
                              size="small"
                              onClick={() => {
                                setReason('');
                                setRejecting(doc);
                              }}
                            >
                              {t('payments.kyc.reject')}
                            </Button>,
                          ]
                        : []),
                    ]
                  : undefined
              }
            >
              <div
                style={{
                  height: 220,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  background: '#f5f5f5',
                  overflow: 'hidden',
                }}
              >
                {doc.content_type === 'application/pdf' ? (
                  <a href={PAYMENT_PATHS.kycFile(doc.id)} target="_blank" rel="noreferrer">
                    {t('payments.kyc.openPdf')}
                  </a>
                ) : (
                  <Image
                    src={PAYMENT_PATHS.kycFile(doc.id)}
                    alt={t(`payments.kyc.types.${doc.type}`)}
                    style={{ maxHeight: 220, maxWidth: '100%', objectFit: 'contain' }}
                  />
                )}
              </div>
              <Space direction="vertical" size={0} style={{ marginTop: 8 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('payments.kyc.sent')}: {dateTime(doc.created_at)}
                </Typography.Text>
                {doc.reject_reason && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {doc.reject_reason}
                  </Typography.Text>
                )}
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      <Descriptions size="small" style={{ marginTop: 16 }} column={1}>
        <Descriptions.Item label={t('payments.kyc.hint')}>{t('payments.kyc.hintText')}</Descriptions.Item>
      </Descriptions>
      <Modal
        open={rejecting !== null}
        title={rejecting ? t('payments.kyc.rejectTitle', { type: t(`payments.kyc.types.${rejecting.type}`) }) : ''}
        okText={t('payments.kyc.reject')}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        cancelText={t('buttons.cancel')}
        onCancel={() => setRejecting(null)}
        onOk={async () => {
          const doc = rejecting;
          if (!doc) return;
          setRejecting(null);
          await decide(doc, 'reject', reason.trim());
        }}
      >
        <Input.TextArea
          aria-label={t('payments.kyc.rejectReason')}
          placeholder={t('payments.kyc.rejectReason')}
          maxLength={500}
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Show>
  );
}
