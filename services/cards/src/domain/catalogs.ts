import { DomainError } from '@platform/contracts';

export type CatalogLocale = 'en' | 'es' | 'zh';

interface CatalogEntry {
  code: string;
  labels: Record<CatalogLocale, string>;
}

const entry = (code: string, en: string, es: string, zh: string): CatalogEntry => ({
  code,
  labels: { en, es, zh },
});

/** The occupations an issuer accepts for a cardholder. */
export const OCCUPATIONS: readonly CatalogEntry[] = [
  entry('accountant', 'Accountant', 'Contador', '会计师'),
  entry('architect', 'Architect', 'Arquitecto', '建筑师'),
  entry('business_owner', 'Business owner', 'Dueño de negocio', '企业主'),
  entry('consultant', 'Consultant', 'Consultor', '顾问'),
  entry('designer', 'Designer', 'Diseñador', '设计师'),
  entry('doctor', 'Medical doctor', 'Médico', '医生'),
  entry('driver', 'Driver', 'Conductor', '司机'),
  entry('engineer', 'Engineer', 'Ingeniero', '工程师'),
  entry('farmer', 'Farmer', 'Agricultor', '农民'),
  entry('lawyer', 'Lawyer', 'Abogado', '律师'),
  entry('merchant', 'Merchant', 'Comerciante', '商人'),
  entry('nurse', 'Nurse', 'Enfermero', '护士'),
  entry('public_servant', 'Public servant', 'Funcionario público', '公务员'),
  entry('retired', 'Retired', 'Jubilado', '退休人员'),
  entry('sales_representative', 'Sales representative', 'Representante de ventas', '销售代表'),
  entry('software_developer', 'Software developer', 'Desarrollador de software', '软件开发人员'),
  entry('student', 'Student', 'Estudiante', '学生'),
  entry('teacher', 'Teacher', 'Profesor', '教师'),
  entry('unemployed', 'Unemployed', 'Desempleado', '无业'),
];

/** The kinds of business an issuer accepts for a card used in a trade. */
export const BUSINESS_ACTIVITIES: readonly CatalogEntry[] = [
  entry('agriculture', 'Agriculture', 'Agricultura', '农业'),
  entry('construction', 'Construction', 'Construcción', '建筑业'),
  entry('consulting', 'Consulting services', 'Servicios de consultoría', '咨询服务'),
  entry('ecommerce', 'E-commerce', 'Comercio electrónico', '电子商务'),
  entry('education', 'Education', 'Educación', '教育'),
  entry('financial_services', 'Financial services', 'Servicios financieros', '金融服务'),
  entry('food_services', 'Restaurants and food services', 'Restaurantes y alimentos', '餐饮服务'),
  entry('healthcare', 'Healthcare', 'Salud', '医疗保健'),
  entry('logistics', 'Transport and logistics', 'Transporte y logística', '运输与物流'),
  entry('manufacturing', 'Manufacturing', 'Manufactura', '制造业'),
  entry('marketing', 'Marketing and advertising', 'Marketing y publicidad', '市场营销与广告'),
  entry('real_estate', 'Real estate', 'Bienes raíces', '房地产'),
  entry('retail', 'Retail trade', 'Comercio minorista', '零售业'),
  entry('software', 'Software and technology', 'Software y tecnología', '软件与技术'),
  entry('tourism', 'Travel and tourism', 'Viajes y turismo', '旅游业'),
  entry('wholesale', 'Wholesale trade', 'Comercio mayorista', '批发贸易'),
];

/** Lower case without accents, for matching what a person types. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
}

export function catalogLocale(lang: string | null): CatalogLocale {
  if (lang === null || lang === '') return 'en';
  if (lang === 'en' || lang === 'es' || lang === 'zh') return lang;
  throw new DomainError('invalid_language', 'lang is en, es or zh');
}

/**
 * The entries whose code or label (in any language) contains `q`, case and accents aside,
 * labelled in `locale`. A missing or blank `q` is 400 `query_required`.
 */
export function searchCatalog(
  catalog: readonly CatalogEntry[],
  q: string | null,
  locale: CatalogLocale,
): { code: string; label: string }[] {
  const wanted = fold(q ?? '');
  if (wanted === '') throw new DomainError('query_required', 'q is required: a part of a name');
  return catalog
    .filter(
      (item) =>
        fold(item.code).includes(wanted) ||
        Object.values(item.labels).some((label) => fold(label).includes(wanted)),
    )
    .map((item) => ({ code: item.code, label: item.labels[locale] }));
}

/** A code of the catalog, or the catalog's refusal (`invalid_occupation`, `invalid_kind_of_business`). */
export function requireCatalogCode(
  catalog: readonly CatalogEntry[],
  code: string,
  error: 'invalid_occupation' | 'invalid_kind_of_business',
): string {
  if (!catalog.some((item) => item.code === code))
    throw new DomainError(error, `"${code.slice(0, 60)}" is not a code of the catalog`);
  return code;
}
