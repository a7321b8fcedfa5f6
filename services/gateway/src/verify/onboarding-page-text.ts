import type { Locale } from '../http';

/** The hosted verification page's words. Never names a provider, a service or an address. */
export interface OnboardingText {
  title: string;
  intro_kyc: string;
  intro_kyb: string;
  step_identity: string;
  step_documents: string;
  step_liveness: string;
  step_review: string;
  first_name: string;
  last_name: string;
  legal_name: string;
  doc_id_kyc: string;
  doc_id_kyb: string;
  birth_date: string;
  country: string;
  save: string;
  saved: string;
  document_kyc: string;
  document_kyb: string;
  proof_of_address: string;
  upload: string;
  uploaded: string;
  file_hint: string;
  liveness_hint: string;
  take_selfie: string;
  liveness_done: string;
  review_hint: string;
  submit: string;
  sending: string;
  submitted_title: string;
  submitted_body: string;
  completed_title: string;
  expired_title: string;
  expired_body: string;
  expires: string;
  error_generic: string;
  statuses: Record<string, string>;
}

export const ONBOARDING_TEXT: Record<Locale, OnboardingText> = {
  en: {
    title: 'Verify your identity',
    intro_kyc: 'We need a few details, a photo of your identity document and a selfie.',
    intro_kyb: 'We need your company’s details and its registration document.',
    step_identity: 'Your details',
    step_documents: 'Documents',
    step_liveness: 'Selfie',
    step_review: 'Review and submit',
    first_name: 'First name',
    last_name: 'Last name',
    legal_name: 'Company legal name',
    doc_id_kyc: 'Identity document number',
    doc_id_kyb: 'Registration or tax number',
    birth_date: 'Date of birth',
    country: 'Country (2 letters, e.g. US)',
    save: 'Save details',
    saved: 'Details saved',
    document_kyc: 'Identity document (passport or ID card)',
    document_kyb: 'Company registration certificate',
    proof_of_address: 'Proof of address (optional)',
    upload: 'Upload',
    uploaded: 'Uploaded',
    file_hint: 'JPEG, PNG or PDF, up to 700 KB.',
    liveness_hint: 'Take a photo of your face now, in good light, looking at the camera.',
    take_selfie: 'Send selfie',
    liveness_done: 'Selfie received',
    review_hint: 'Check that everything is complete, then submit.',
    submit: 'Submit verification',
    sending: 'Sending…',
    submitted_title: 'Thank you! Your verification was submitted.',
    submitted_body: 'We will let you know as soon as it is reviewed. You can close this page.',
    completed_title: 'This verification was already submitted.',
    expired_title: 'This link is no longer valid.',
    expired_body: 'Ask for a new verification link from your account.',
    expires: 'Link valid until',
    error_generic: 'Something went wrong. Please try again.',
    statuses: {
      none: 'Not started',
      pending: 'In review',
      approved: 'Approved',
      rejected: 'Rejected',
    },
  },
  es: {
    title: 'Verifique su identidad',
    intro_kyc: 'Necesitamos algunos datos, una foto de su documento de identidad y una selfie.',
    intro_kyb: 'Necesitamos los datos de su empresa y su documento de registro.',
    step_identity: 'Sus datos',
    step_documents: 'Documentos',
    step_liveness: 'Selfie',
    step_review: 'Revisar y enviar',
    first_name: 'Nombre',
    last_name: 'Apellido',
    legal_name: 'Razón social',
    doc_id_kyc: 'Número de documento de identidad',
    doc_id_kyb: 'Número de registro o fiscal',
    birth_date: 'Fecha de nacimiento',
    country: 'País (2 letras, p. ej. MX)',
    save: 'Guardar datos',
    saved: 'Datos guardados',
    document_kyc: 'Documento de identidad (pasaporte o cédula)',
    document_kyb: 'Certificado de registro de la empresa',
    proof_of_address: 'Comprobante de domicilio (opcional)',
    upload: 'Subir',
    uploaded: 'Subido',
    file_hint: 'JPEG, PNG o PDF, hasta 700 KB.',
    liveness_hint: 'Tómese ahora una foto del rostro, con buena luz, mirando a la cámara.',
    take_selfie: 'Enviar selfie',
    liveness_done: 'Selfie recibida',
    review_hint: 'Compruebe que todo esté completo y envíe.',
    submit: 'Enviar verificación',
    sending: 'Enviando…',
    submitted_title: '¡Gracias! Su verificación fue enviada.',
    submitted_body: 'Le avisaremos en cuanto sea revisada. Puede cerrar esta página.',
    completed_title: 'Esta verificación ya fue enviada.',
    expired_title: 'Este enlace ya no es válido.',
    expired_body: 'Solicite un nuevo enlace de verificación desde su cuenta.',
    expires: 'Enlace válido hasta',
    error_generic: 'Algo salió mal. Inténtelo de nuevo.',
    statuses: {
      none: 'Sin iniciar',
      pending: 'En revisión',
      approved: 'Aprobada',
      rejected: 'Rechazada',
    },
  },
  zh: {
    title: '验证您的身份',
    intro_kyc: '我们需要一些信息、您的身份证件照片和一张自拍。',
    intro_kyb: '我们需要贵公司的信息及其注册文件。',
    step_identity: '您的信息',
    step_documents: '文件',
    step_liveness: '自拍',
    step_review: '检查并提交',
    first_name: '名',
    last_name: '姓',
    legal_name: '公司法定名称',
    doc_id_kyc: '身份证件号码',
    doc_id_kyb: '注册号或税号',
    birth_date: '出生日期',
    country: '国家（两个字母，例如 CN）',
    save: '保存信息',
    saved: '信息已保存',
    document_kyc: '身份证件（护照或身份证）',
    document_kyb: '公司注册证书',
    proof_of_address: '地址证明（可选）',
    upload: '上传',
    uploaded: '已上传',
    file_hint: 'JPEG、PNG 或 PDF，最大 700 KB。',
    liveness_hint: '请现在在光线充足处正对镜头拍摄一张面部照片。',
    take_selfie: '发送自拍',
    liveness_done: '已收到自拍',
    review_hint: '请确认所有内容已完成，然后提交。',
    submit: '提交验证',
    sending: '正在发送…',
    submitted_title: '谢谢！您的验证已提交。',
    submitted_body: '审核完成后我们会通知您。您可以关闭此页面。',
    completed_title: '此验证已提交。',
    expired_title: '此链接已失效。',
    expired_body: '请在您的账户中申请新的验证链接。',
    expires: '链接有效期至',
    error_generic: '出现问题，请重试。',
    statuses: { none: '未开始', pending: '审核中', approved: '已通过', rejected: '已拒绝' },
  },
};
