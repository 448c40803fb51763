-- +goose Up
-- The facility documents' compliance check (issue 32, spec 001 §7.4
-- fileComplianceAnalysis). facility_doc_check_items: what each checklist
-- requirement's document should contain, as data next to the requirement set
-- (migration 00056), each with the WAC section it comes from (chapter 388-76
-- WAC, the sections the requirement names; DOMAIN.md "What the rules ask"),
-- its English wording (what the AI provider is asked about) and, for the
-- rules-only check without a provider, the words that show it is there
-- (any of them, '|'-separated, lower case, in English, Spanish and Chinese).
CREATE TABLE facility_doc_check_items (
    code             TEXT PRIMARY KEY,
    requirement_code TEXT NOT NULL REFERENCES facility_doc_requirements(code),
    sort             INTEGER NOT NULL,
    label            TEXT NOT NULL,
    source           TEXT NOT NULL,
    keywords         TEXT NOT NULL
);

INSERT INTO facility_doc_check_items (code, requirement_code, sort, label, source, keywords) VALUES
 ('EDP_HAZARDS', 'EMERGENCY_DISASTER_PLAN', 10, 'Names the emergencies and disasters the home plans for (fire, earthquake, flood, power outage)', 'WAC 388-76-10830', 'earthquake|flood|power outage|wildfire|terremoto|sismo|inundación|apagón|地震|洪水|停电'),
 ('EDP_FOOD', 'EMERGENCY_DISASTER_PLAN', 20, 'Keeps an emergency food supply for residents and household', 'WAC 388-76-10835', 'food supply|emergency food|days of food|alimentos|comida de emergencia|食物|食品'),
 ('EDP_WATER', 'EMERGENCY_DISASTER_PLAN', 30, 'Keeps an emergency drinking water supply', 'WAC 388-76-10840', 'drinking water|water supply|gallons of water|agua potable|饮用水|储水'),
 ('EDP_CONTACTS', 'EMERGENCY_DISASTER_PLAN', 40, 'Lists emergency contacts and who is called', 'WAC 388-76-10830', 'emergency contact|phone number|call 911|contacto de emergencia|teléfono|紧急联系|电话'),
 ('EDP_MEDICATIONS', 'EMERGENCY_DISASTER_PLAN', 50, 'Says how residents'' medications and records go with them', 'WAC 388-76-10830', 'medication|medicine|medicamento|medicina|药物|药品'),
 ('EVP_ROUTES', 'EVACUATION_PLAN', 10, 'Shows the exits and evacuation routes (a floor plan)', 'WAC 388-76-10885', 'evacuation route|exit|floor plan|ruta de evacuación|salida|plano|疏散路线|出口|平面图'),
 ('EVP_MEETING', 'EVACUATION_PLAN', 20, 'Names a meeting place outside the home', 'WAC 388-76-10885', 'meeting place|meeting point|assembly|punto de encuentro|reunión|集合'),
 ('EVP_ASSISTANCE', 'EVACUATION_PLAN', 30, 'Says who helps each resident who cannot leave alone', 'WAC 388-76-10885', 'assist|help each resident|wheelchair|ayuda|asistencia|silla de ruedas|协助|帮助|轮椅'),
 ('EVP_DRILLS', 'EVACUATION_PLAN', 40, 'Records evacuation drills', 'WAC 388-76-10830 to 388-76-10895', 'drill|simulacro|演习|演练'),
 ('EVC_LEVELS', 'EVACUATION_CAPABILITY', 10, 'Gives each resident''s evacuation capability level (independent, with assistance, not able)', 'WAC 388-76-10870', 'independent|capability|capable|level|independiente|capacidad|nivel|能力|独立'),
 ('EVC_RESIDENTS', 'EVACUATION_CAPABILITY', 20, 'Names every current resident', 'WAC 388-76-10870', 'resident|residente|住户|居民'),
 ('LIC_NUMBER', 'LICENSE', 10, 'Shows the license number', 'WAC 388-76-10005', 'license number|licence number|license no|license #|número de licencia|licencia n|许可证号|执照号'),
 ('LIC_LICENSEE', 'LICENSE', 20, 'Names the licensee (provider) and the home''s address', 'WAC 388-76-10010', 'licensee|provider|address|titular|proveedor|dirección|持证人|地址'),
 ('LIC_CAPACITY', 'LICENSE', 30, 'Shows the licensed capacity (number of residents)', 'WAC 388-76-10005', 'capacity|beds|number of residents|capacidad|camas|容量|床位'),
 ('LIC_DATES', 'LICENSE', 40, 'Shows when it is effective and when it expires', 'WAC 388-76-10005', 'expir|effective|valid|vence|vencimiento|vigencia|有效期|到期'),
 ('INS_REPORT', 'INSPECTION_REPORTS', 10, 'Is an inspection or complaint investigation report', 'WAC 388-76-10585', 'inspection|investigation|statement of deficiencies|inspección|investigación|检查|调查'),
 ('INS_DATE', 'INSPECTION_REPORTS', 20, 'Is dated within the last 12 months', 'WAC 388-76-10585; DOMAIN.md, inspections', 'date|dated|fecha|日期'),
 ('INS_CORRECTION', 'INSPECTION_REPORTS', 30, 'Includes the plan of correction for any deficiency cited', 'WAC 388-76-10585', 'plan of correction|deficienc|no deficiencies|plan de corrección|deficiencia|纠正|缺陷'),
 ('INSU_POLICY', 'LIABILITY_INSURANCE', 10, 'Names the insurer and the policy number', 'WAC 388-76-10191', 'policy|insurer|insurance company|póliza|aseguradora|保单|保险公司'),
 ('INSU_INSURED', 'LIABILITY_INSURANCE', 20, 'Names the home or its provider as the insured', 'WAC 388-76-10191', 'insured|named insured|asegurado|被保险'),
 ('INSU_PERIOD', 'LIABILITY_INSURANCE', 30, 'Shows the coverage period', 'WAC 388-76-10191', 'policy period|effective|expir|vigencia|periodo|期限|有效'),
 ('INSU_LIMITS', 'LIABILITY_INSURANCE', 40, 'Shows the liability coverage limits', 'WAC 388-76-10191', 'limit|each occurrence|aggregate|límite|cobertura|限额|保额'),
 ('RR_RIGHTS', 'RESIDENT_RIGHTS_NOTICE', 10, 'Lists the residents'' rights (dignity, privacy, choice)', 'WAC 388-76-10510', 'dignity|privacy|right to|dignidad|privacidad|derecho|尊严|隐私|权利'),
 ('RR_COMPLAINTS', 'RESIDENT_RIGHTS_NOTICE', 20, 'Says how to make a complaint without fear of retaliation', 'WAC 388-76-10525', 'complaint|grievance|retaliat|queja|represalia|投诉|报复'),
 ('RR_ACKNOWLEDGED', 'RESIDENT_RIGHTS_NOTICE', 30, 'Has the resident''s written acknowledgement (signature and date)', 'WAC 388-76-10525', 'signature|acknowledg|signed|firma|firmado|签名|签字'),
 ('MED_POLICY', 'MEDICAID_POLICY_NOTICE', 10, 'States whether the home accepts Medicaid as a payment source', 'WAC 388-76-10522', 'medicaid|医疗补助'),
 ('MED_PRIVATE_PAY', 'MEDICAID_POLICY_NOTICE', 20, 'Says what happens when a private-pay resident becomes eligible for Medicaid', 'WAC 388-76-10522', 'private pay|private-pay|spend down|eligible|pago privado|elegible|自费|资格'),
 ('MED_ACKNOWLEDGED', 'MEDICAID_POLICY_NOTICE', 30, 'Is acknowledged by the resident in writing', 'WAC 388-76-10522', 'signature|acknowledg|signed|firma|签名|签字'),
 ('DIS_FORM', 'DISCLOSURE_OF_SERVICES', 10, 'Is the standardized disclosure of services form', 'WAC 388-76-10532', 'disclosure of services|disclosure|divulgación|服务披露|披露'),
 ('DIS_CARE', 'DISCLOSURE_OF_SERVICES', 20, 'Describes the personal care, medication and nursing services offered', 'WAC 388-76-10532', 'personal care|medication|nursing|cuidado personal|medicamento|enfermería|个人护理|药物|护理'),
 ('DIS_LIMITS', 'DISCLOSURE_OF_SERVICES', 30, 'Says what care the home cannot provide', 'WAC 388-76-10532', 'not able|unable|cannot|limitation|no puede|limitación|不能|无法'),
 ('HOT_NUMBER', 'HOTLINE_OMBUDS_POSTERS', 10, 'Shows the DSHS complaint hotline, 1-800-562-6078', 'DOMAIN.md, inspections (DSHS complaint hotline)', '562-6078|5626078|hotline|línea directa|热线'),
 ('HOT_OMBUDS', 'HOTLINE_OMBUDS_POSTERS', 20, 'Shows how to reach the long-term care ombuds', 'WAC 388-76-10595', 'ombud|defensor|监察'),
 ('HOT_ABUSE', 'HOTLINE_OMBUDS_POSTERS', 30, 'Says how to report abuse or neglect', 'DOMAIN.md, inspections; WAC 388-76-10595', 'abuse|neglect|abuso|negligencia|maltrato|虐待|忽视'),
 ('BLD_APPROVAL', 'BUILDING_INSPECTION', 10, 'Is the building official''s inspection or approval', 'WAC 388-76-10700', 'building official|building inspection|approved|approval|certificate of occupancy|aprobado|aprobación|inspección|批准|检查'),
 ('BLD_ADDRESS', 'BUILDING_INSPECTION', 20, 'Names the home''s address', 'WAC 388-76-10700', 'address|dirección|地址'),
 ('BLD_SIGNED', 'BUILDING_INSPECTION', 30, 'Is dated and signed by the official', 'WAC 388-76-10700', 'signature|signed|date|firma|fecha|签名|日期'),
 ('SMK_LOCATIONS', 'SMOKE_DETECTORS', 10, 'Lists a smoke detector in each bedroom, hallway and level', 'WAC 388-76-10805', 'bedroom|hallway|each level|dormitorio|pasillo|卧室|走廊'),
 ('SMK_TESTED', 'SMOKE_DETECTORS', 20, 'Records that each was tested and works', 'WAC 388-76-10805', 'tested|test|working|prueba|probado|funciona|测试|正常'),
 ('SMK_DATE', 'SMOKE_DETECTORS', 30, 'Is dated', 'WAC 388-76-10805', 'date|fecha|日期'),
 ('FIRE_TYPE', 'FIRE_EXTINGUISHERS', 10, 'Names each extinguisher''s type or rating (e.g. 2A:10B:C)', 'WAC 388-76-10810', '2a|10b|rating|abc|type|tipo|clasificación|类型|型号'),
 ('FIRE_SERVICE', 'FIRE_EXTINGUISHERS', 20, 'Records the yearly inspection or service tag', 'WAC 388-76-10810', 'inspect|service|tagged|annual|inspección|servicio|anual|检查|年检'),
 ('FIRE_LOCATION', 'FIRE_EXTINGUISHERS', 30, 'Says where each one is kept', 'WAC 388-76-10810', 'kitchen|location|located|cocina|ubicación|厨房|位置');

-- One compliance check of one facility document version (a row per run, the
-- newest is the version's report): state and progress while its job runs
-- (cloud/feature/facilitydoc/analysis.go), then the report as JSON, made by
-- the AI provider (method AI, with its model) or by the rules (method RULES,
-- with why no AI answered).
CREATE TABLE facility_doc_analyses (
    id            TEXT PRIMARY KEY,
    tenant_id     TEXT NOT NULL REFERENCES tenants(id),
    version_id    TEXT NOT NULL REFERENCES facility_documents(id),
    state         TEXT NOT NULL,
    progress      INTEGER NOT NULL DEFAULT 0,
    step          TEXT NOT NULL DEFAULT '',
    method        TEXT NOT NULL DEFAULT '',
    model         TEXT NOT NULL DEFAULT '',
    rules_reason  TEXT NOT NULL DEFAULT '',
    error_code    TEXT NOT NULL DEFAULT '',
    error_detail  TEXT NOT NULL DEFAULT '',
    report        TEXT NOT NULL DEFAULT '',
    requested_by  TEXT NOT NULL REFERENCES users(id),
    created_at    BIGINT NOT NULL,
    started_at    BIGINT NOT NULL DEFAULT 0,
    finished_at   BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX facility_doc_analyses_version ON facility_doc_analyses (tenant_id, version_id, created_at);
-- One check under way per version at a time (two clicks, two replicas: one job).
CREATE UNIQUE INDEX facility_doc_analyses_running ON facility_doc_analyses (tenant_id, version_id) WHERE state IN ('QUEUED', 'RUNNING');

-- +goose Down
DROP TABLE facility_doc_analyses;
DROP TABLE facility_doc_check_items;
