-- +goose Up
-- The facility documents' required set as a parameter set the super admin
-- edits (issue 32: "the required set is data with its WAC source, editable by
-- the super admin as a parameter set"; /facility-doc-requirements). Each
-- requirement gets its name in the three languages, whether its documents need
-- signatures or an approval step, a default validity (months; an upload with
-- no expiry date expires then) and its own expiring-soon warning (days; 0: the
-- parameter facilityDocs.expiringSoonDays), and a retirement time: a retired
-- requirement leaves the homes' checklists, its documents stay on file and
-- readable, and it is never deleted (facility_documents points at it). Check
-- items get their wording in Spanish and Chinese beside the English one (the
-- English is what the AI provider is asked). An edit raises platform_versions
-- 'facilityDocRequirements' (migration 00038), so every replica reads the set
-- again at once. The seeded names and wordings are the UI's translations of
-- the seeded codes (frontend/src/features/facility-docs/locales).
ALTER TABLE facility_doc_requirements ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
ALTER TABLE facility_doc_requirements ADD COLUMN name_es TEXT NOT NULL DEFAULT '';
ALTER TABLE facility_doc_requirements ADD COLUMN name_zh TEXT NOT NULL DEFAULT '';
ALTER TABLE facility_doc_requirements ADD COLUMN signatures_required INTEGER NOT NULL DEFAULT 0;
ALTER TABLE facility_doc_requirements ADD COLUMN approval_step INTEGER NOT NULL DEFAULT 0;
ALTER TABLE facility_doc_requirements ADD COLUMN validity_months INTEGER NOT NULL DEFAULT 0;
ALTER TABLE facility_doc_requirements ADD COLUMN expiring_soon_days INTEGER NOT NULL DEFAULT 0;
ALTER TABLE facility_doc_requirements ADD COLUMN retired_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE facility_doc_requirements ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE facility_doc_requirements ADD COLUMN updated_by TEXT NOT NULL DEFAULT '';
ALTER TABLE facility_doc_check_items ADD COLUMN label_es TEXT NOT NULL DEFAULT '';
ALTER TABLE facility_doc_check_items ADD COLUMN label_zh TEXT NOT NULL DEFAULT '';

UPDATE facility_doc_requirements SET name_en = 'Emergency and disaster plan', name_es = 'Plan de emergencias y desastres', name_zh = '应急与灾害计划' WHERE code = 'EMERGENCY_DISASTER_PLAN';
UPDATE facility_doc_requirements SET name_en = 'Emergency evacuation plan', name_es = 'Plan de evacuación de emergencia', name_zh = '紧急疏散计划' WHERE code = 'EVACUATION_PLAN';
UPDATE facility_doc_requirements SET name_en = 'Residents'' evacuation capability levels', name_es = 'Niveles de capacidad de evacuación de los residentes', name_zh = '住户疏散能力等级' WHERE code = 'EVACUATION_CAPABILITY';
UPDATE facility_doc_requirements SET name_en = 'Adult family home license', name_es = 'Licencia del hogar de familia para adultos', name_zh = '成人家庭护理院执照' WHERE code = 'LICENSE';
UPDATE facility_doc_requirements SET name_en = 'Inspection reports of the last 12 months', name_es = 'Informes de inspección de los últimos 12 meses', name_zh = '最近 12 个月的检查报告' WHERE code = 'INSPECTION_REPORTS';
UPDATE facility_doc_requirements SET name_en = 'Liability insurance', name_es = 'Seguro de responsabilidad civil', name_zh = '责任保险' WHERE code = 'LIABILITY_INSURANCE';
UPDATE facility_doc_requirements SET name_en = 'Residents'' rights notice', name_es = 'Aviso de derechos de los residentes', name_zh = '住户权利告示' WHERE code = 'RESIDENT_RIGHTS_NOTICE';
UPDATE facility_doc_requirements SET name_en = 'Notice of the policy on accepting Medicaid', name_es = 'Aviso de la política de aceptación de Medicaid', name_zh = '接受 Medicaid 付款政策告示' WHERE code = 'MEDICAID_POLICY_NOTICE';
UPDATE facility_doc_requirements SET name_en = 'Disclosure of services form', name_es = 'Formulario de divulgación de servicios', name_zh = '服务披露表' WHERE code = 'DISCLOSURE_OF_SERVICES';
UPDATE facility_doc_requirements SET name_en = 'DSHS hotline and ombuds posters', name_es = 'Carteles de la línea directa de DSHS y del defensor (ombuds)', name_zh = 'DSHS 热线与监察员海报' WHERE code = 'HOTLINE_OMBUDS_POSTERS';
UPDATE facility_doc_requirements SET name_en = 'Building inspection and approval', name_es = 'Inspección y aprobación del edificio', name_zh = '建筑检查与批准' WHERE code = 'BUILDING_INSPECTION';
UPDATE facility_doc_requirements SET name_en = 'Smoke detectors', name_es = 'Detectores de humo', name_zh = '烟雾探测器' WHERE code = 'SMOKE_DETECTORS';
UPDATE facility_doc_requirements SET name_en = 'Fire extinguishers', name_es = 'Extintores', name_zh = '灭火器' WHERE code = 'FIRE_EXTINGUISHERS';
UPDATE facility_doc_check_items SET label_es = 'Nombra las emergencias y desastres para los que se prepara el hogar (incendio, terremoto, inundación, apagón)', label_zh = '列明本院所应对的紧急情况和灾害（火灾、地震、洪水、停电）' WHERE code = 'EDP_HAZARDS';
UPDATE facility_doc_check_items SET label_es = 'Mantiene una reserva de alimentos de emergencia para residentes y el hogar', label_zh = '为住户和家中人员储备应急食物' WHERE code = 'EDP_FOOD';
UPDATE facility_doc_check_items SET label_es = 'Mantiene una reserva de agua potable de emergencia', label_zh = '储备应急饮用水' WHERE code = 'EDP_WATER';
UPDATE facility_doc_check_items SET label_es = 'Enumera los contactos de emergencia y a quién se llama', label_zh = '列出紧急联系人以及需要通知的人' WHERE code = 'EDP_CONTACTS';
UPDATE facility_doc_check_items SET label_es = 'Indica cómo se llevan los medicamentos y registros de los residentes', label_zh = '说明住户的药物和记录如何随身带走' WHERE code = 'EDP_MEDICATIONS';
UPDATE facility_doc_check_items SET label_es = 'Muestra las salidas y rutas de evacuación (un plano)', label_zh = '标明出口和疏散路线（平面图）' WHERE code = 'EVP_ROUTES';
UPDATE facility_doc_check_items SET label_es = 'Indica un punto de encuentro fuera del hogar', label_zh = '指定屋外的集合地点' WHERE code = 'EVP_MEETING';
UPDATE facility_doc_check_items SET label_es = 'Indica quién ayuda a cada residente que no puede salir solo', label_zh = '说明由谁协助无法自行离开的每位住户' WHERE code = 'EVP_ASSISTANCE';
UPDATE facility_doc_check_items SET label_es = 'Registra los simulacros de evacuación', label_zh = '记录疏散演习' WHERE code = 'EVP_DRILLS';
UPDATE facility_doc_check_items SET label_es = 'Indica el nivel de capacidad de evacuación de cada residente (independiente, con ayuda, no puede)', label_zh = '注明每位住户的疏散能力等级（独立、需协助、无法疏散）' WHERE code = 'EVC_LEVELS';
UPDATE facility_doc_check_items SET label_es = 'Nombra a todos los residentes actuales', label_zh = '列出所有现住户' WHERE code = 'EVC_RESIDENTS';
UPDATE facility_doc_check_items SET label_es = 'Muestra el número de licencia', label_zh = '显示许可证号' WHERE code = 'LIC_NUMBER';
UPDATE facility_doc_check_items SET label_es = 'Nombra al titular de la licencia (proveedor) y la dirección del hogar', label_zh = '写明持证人（经营者）和本院地址' WHERE code = 'LIC_LICENSEE';
UPDATE facility_doc_check_items SET label_es = 'Muestra la capacidad autorizada (número de residentes)', label_zh = '显示核定容量（住户人数）' WHERE code = 'LIC_CAPACITY';
UPDATE facility_doc_check_items SET label_es = 'Muestra desde cuándo es válida y cuándo vence', label_zh = '显示生效日期和到期日期' WHERE code = 'LIC_DATES';
UPDATE facility_doc_check_items SET label_es = 'Es un informe de inspección o de investigación de una queja', label_zh = '是检查报告或投诉调查报告' WHERE code = 'INS_REPORT';
UPDATE facility_doc_check_items SET label_es = 'Tiene fecha de los últimos 12 meses', label_zh = '日期在最近 12 个月内' WHERE code = 'INS_DATE';
UPDATE facility_doc_check_items SET label_es = 'Incluye el plan de corrección de cada deficiencia citada', label_zh = '包含针对所列缺陷的纠正计划' WHERE code = 'INS_CORRECTION';
UPDATE facility_doc_check_items SET label_es = 'Nombra a la aseguradora y el número de póliza', label_zh = '写明保险公司和保单号' WHERE code = 'INSU_POLICY';
UPDATE facility_doc_check_items SET label_es = 'Nombra al hogar o a su proveedor como asegurado', label_zh = '写明本院或其经营者为被保险人' WHERE code = 'INSU_INSURED';
UPDATE facility_doc_check_items SET label_es = 'Muestra el periodo de cobertura', label_zh = '显示保险期限' WHERE code = 'INSU_PERIOD';
UPDATE facility_doc_check_items SET label_es = 'Muestra los límites de cobertura de responsabilidad', label_zh = '显示责任保险限额' WHERE code = 'INSU_LIMITS';
UPDATE facility_doc_check_items SET label_es = 'Enumera los derechos de los residentes (dignidad, privacidad, elección)', label_zh = '列出住户的权利（尊严、隐私、选择）' WHERE code = 'RR_RIGHTS';
UPDATE facility_doc_check_items SET label_es = 'Indica cómo presentar una queja sin temor a represalias', label_zh = '说明如何投诉而不必担心报复' WHERE code = 'RR_COMPLAINTS';
UPDATE facility_doc_check_items SET label_es = 'Tiene el acuse por escrito del residente (firma y fecha)', label_zh = '有住户的书面确认（签名和日期）' WHERE code = 'RR_ACKNOWLEDGED';
UPDATE facility_doc_check_items SET label_es = 'Indica si el hogar acepta Medicaid como forma de pago', label_zh = '说明本院是否接受 Medicaid 作为付款来源' WHERE code = 'MED_POLICY';
UPDATE facility_doc_check_items SET label_es = 'Indica qué ocurre cuando un residente de pago privado pasa a ser elegible para Medicaid', label_zh = '说明自费住户获得 Medicaid 资格后如何处理' WHERE code = 'MED_PRIVATE_PAY';
UPDATE facility_doc_check_items SET label_es = 'Tiene el acuse por escrito del residente', label_zh = '有住户的书面确认' WHERE code = 'MED_ACKNOWLEDGED';
UPDATE facility_doc_check_items SET label_es = 'Es el formulario estandarizado de divulgación de servicios', label_zh = '是标准化的服务披露表' WHERE code = 'DIS_FORM';
UPDATE facility_doc_check_items SET label_es = 'Describe los servicios de cuidado personal, medicación y enfermería que se ofrecen', label_zh = '说明所提供的个人护理、用药和护理服务' WHERE code = 'DIS_CARE';
UPDATE facility_doc_check_items SET label_es = 'Indica qué cuidados no puede prestar el hogar', label_zh = '说明本院无法提供的护理' WHERE code = 'DIS_LIMITS';
UPDATE facility_doc_check_items SET label_es = 'Muestra la línea de quejas de DSHS, 1-800-562-6078', label_zh = '显示 DSHS 投诉热线 1-800-562-6078' WHERE code = 'HOT_NUMBER';
UPDATE facility_doc_check_items SET label_es = 'Indica cómo contactar al defensor (ombuds) de cuidados a largo plazo', label_zh = '说明如何联系长期护理监察员' WHERE code = 'HOT_OMBUDS';
UPDATE facility_doc_check_items SET label_es = 'Indica cómo denunciar abuso o negligencia', label_zh = '说明如何举报虐待或疏忽' WHERE code = 'HOT_ABUSE';
UPDATE facility_doc_check_items SET label_es = 'Es la inspección o aprobación del funcionario de edificación', label_zh = '是建筑官员的检查或批准' WHERE code = 'BLD_APPROVAL';
UPDATE facility_doc_check_items SET label_es = 'Indica la dirección del hogar', label_zh = '写明本院地址' WHERE code = 'BLD_ADDRESS';
UPDATE facility_doc_check_items SET label_es = 'Está fechado y firmado por el funcionario', label_zh = '有官员的日期和签名' WHERE code = 'BLD_SIGNED';
UPDATE facility_doc_check_items SET label_es = 'Enumera un detector de humo en cada dormitorio, pasillo y planta', label_zh = '列出每间卧室、走廊和每层的烟雾探测器' WHERE code = 'SMK_LOCATIONS';
UPDATE facility_doc_check_items SET label_es = 'Registra que cada uno se probó y funciona', label_zh = '记录每个都已测试且工作正常' WHERE code = 'SMK_TESTED';
UPDATE facility_doc_check_items SET label_es = 'Tiene fecha', label_zh = '注明日期' WHERE code = 'SMK_DATE';
UPDATE facility_doc_check_items SET label_es = 'Indica el tipo o la clasificación de cada extintor (p. ej., 2A:10B:C)', label_zh = '写明每个灭火器的类型或等级（如 2A:10B:C）' WHERE code = 'FIRE_TYPE';
UPDATE facility_doc_check_items SET label_es = 'Registra la inspección anual o la etiqueta de servicio', label_zh = '记录年度检查或维修标签' WHERE code = 'FIRE_SERVICE';
UPDATE facility_doc_check_items SET label_es = 'Indica dónde se guarda cada uno', label_zh = '说明每个灭火器的放置位置' WHERE code = 'FIRE_LOCATION';

INSERT INTO menus (code, parent_code, name_key, url, icon, sort, roles) VALUES
 ('FacilityDocRequirements', NULL, 'menu.facilityDocRequirements', '/facility-doc-requirements', 'clipboard', 55, 'SUPER_ADMIN');

-- +goose Down
DELETE FROM menus WHERE code = 'FacilityDocRequirements';
ALTER TABLE facility_doc_check_items DROP COLUMN label_zh;
ALTER TABLE facility_doc_check_items DROP COLUMN label_es;
ALTER TABLE facility_doc_requirements DROP COLUMN updated_by;
ALTER TABLE facility_doc_requirements DROP COLUMN updated_at;
ALTER TABLE facility_doc_requirements DROP COLUMN retired_at;
ALTER TABLE facility_doc_requirements DROP COLUMN expiring_soon_days;
ALTER TABLE facility_doc_requirements DROP COLUMN validity_months;
ALTER TABLE facility_doc_requirements DROP COLUMN approval_step;
ALTER TABLE facility_doc_requirements DROP COLUMN signatures_required;
ALTER TABLE facility_doc_requirements DROP COLUMN name_zh;
ALTER TABLE facility_doc_requirements DROP COLUMN name_es;
ALTER TABLE facility_doc_requirements DROP COLUMN name_en;
