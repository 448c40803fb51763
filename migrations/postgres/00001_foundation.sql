-- +goose Up
-- Foundation: organisations, facilities (tenants), people, memberships, sessions,
-- sign-in support tables, menus and the audit log. Times are epoch milliseconds UTC.

CREATE TABLE organisations (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);

CREATE TABLE tenants (
    id                TEXT PRIMARY KEY,
    organisation_id   TEXT NOT NULL REFERENCES organisations(id),
    facility_name     TEXT NOT NULL,
    time_zone         TEXT NOT NULL,
    licence_number    TEXT NOT NULL DEFAULT '',
    address           TEXT NOT NULL DEFAULT '',
    status            TEXT NOT NULL DEFAULT 'draft',
    subscription_plan TEXT,
    package_id        TEXT,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
CREATE INDEX tenants_organisation ON tenants (organisation_id);

CREATE TABLE users (
    id                      TEXT PRIMARY KEY,
    account                 TEXT NOT NULL,
    account_key             TEXT NOT NULL UNIQUE,
    email                   TEXT NOT NULL UNIQUE,
    phone                   TEXT NOT NULL,
    phone_key               TEXT NOT NULL UNIQUE,
    name                    TEXT NOT NULL,
    avatar                  TEXT NOT NULL DEFAULT '',
    password_hash           TEXT NOT NULL,
    temp_password           BOOLEAN NOT NULL DEFAULT FALSE,
    next_password_update_at BIGINT NOT NULL,
    status                  TEXT NOT NULL DEFAULT 'enabled',
    platform_role           TEXT,
    two_factor              BOOLEAN,
    created_at              BIGINT NOT NULL,
    updated_at              BIGINT NOT NULL
);

CREATE TABLE memberships (
    id          TEXT PRIMARY KEY,
    tenant_id   TEXT NOT NULL REFERENCES tenants(id),
    user_id     TEXT NOT NULL REFERENCES users(id),
    role        TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'enabled',
    created_at  BIGINT NOT NULL,
    UNIQUE (tenant_id, user_id)
);
CREATE INDEX memberships_user ON memberships (user_id);

-- One row per refresh token; rows of one sign-in share family_id. A used row is
-- rotated; presenting a rotated token again revokes the whole family.
CREATE TABLE sessions (
    id            TEXT PRIMARY KEY,
    family_id     TEXT NOT NULL,
    user_id       TEXT NOT NULL REFERENCES users(id),
    tenant_id     TEXT REFERENCES tenants(id),
    device_id     TEXT NOT NULL DEFAULT '',
    ip            TEXT NOT NULL DEFAULT '',
    user_agent    TEXT NOT NULL DEFAULT '',
    refresh_hash  TEXT NOT NULL UNIQUE,
    login_at      BIGINT NOT NULL,
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    rotated_at    BIGINT,
    revoked_at    BIGINT
);
CREATE INDEX sessions_family ON sessions (family_id);
CREATE INDEX sessions_user ON sessions (user_id);

-- An e-mailed sign-in code, issued only after the password step passed.
CREATE TABLE verify_challenges (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id),
    tenant_id   TEXT REFERENCES tenants(id),
    code_hash   TEXT NOT NULL,
    sent_at     BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    used_at     BIGINT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX verify_challenges_user ON verify_challenges (user_id);

-- Failed sign-ins per account ("acct:...") and per address ("ip:...").
CREATE TABLE login_failures (
    key           TEXT PRIMARY KEY,
    window_start  BIGINT NOT NULL,
    failures      INTEGER NOT NULL,
    locked_until  BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE captchas (
    id           TEXT PRIMARY KEY,
    answer_hash  TEXT NOT NULL,
    expires_at   BIGINT NOT NULL
);

-- Links sent by e-mail: password reset and account verification.
CREATE TABLE email_tokens (
    token_hash  TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id),
    purpose     TEXT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT,
    created_at  BIGINT NOT NULL
);

-- Development outbox: mail kept here instead of sent when no SMTP server is configured.
CREATE TABLE mail_outbox (
    id          TEXT PRIMARY KEY,
    to_addr     TEXT NOT NULL,
    subject     TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX mail_outbox_to ON mail_outbox (to_addr, created_at);

-- The menu tree. roles is a comma list; plan visibility follows spec 000 §6 in code.
CREATE TABLE menus (
    code         TEXT PRIMARY KEY,
    parent_code  TEXT REFERENCES menus(code),
    name_key     TEXT NOT NULL,
    url          TEXT NOT NULL,
    icon         TEXT NOT NULL,
    sort         INTEGER NOT NULL,
    roles        TEXT NOT NULL
);

CREATE TABLE audit_log (
    id           TEXT PRIMARY KEY,
    tenant_id    TEXT,
    actor_id     TEXT,
    action       TEXT NOT NULL,
    entity       TEXT NOT NULL,
    entity_id    TEXT NOT NULL,
    before_json  TEXT,
    after_json   TEXT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX audit_log_tenant ON audit_log (tenant_id, created_at);

-- Platform menus (super admin).
INSERT INTO menus (code, parent_code, name_key, url, icon, sort, roles) VALUES
 ('AdminDashboard', NULL, 'menu.adminDashboard', '/admin-dashboard', 'dashboard', 10, 'SUPER_ADMIN'),
 ('IAM', NULL, 'menu.iam', '', 'people', 20, 'SUPER_ADMIN'),
 ('Organization', 'IAM', 'menu.organization', '/IAM/organization', 'office', 21, 'SUPER_ADMIN'),
 ('Tenant', 'IAM', 'menu.tenant', '/IAM/tenant', 'home', 22, 'SUPER_ADMIN'),
 ('User', 'IAM', 'menu.user', '/IAM/user', 'person', 23, 'SUPER_ADMIN'),
 ('Role', 'IAM', 'menu.role', '/IAM/role', 'key', 24, 'SUPER_ADMIN'),
 ('Menu', 'IAM', 'menu.menu', '/IAM/menu', 'menu', 25, 'SUPER_ADMIN'),
 ('AuditLogs', 'IAM', 'menu.auditLogs', '/IAM/audit-logs', 'history', 26, 'SUPER_ADMIN'),
 ('SupportTicketManage', NULL, 'menu.supportTicketManage', '/support-ticket-manage', 'help', 30, 'SUPER_ADMIN'),
 ('AiConfig', NULL, 'menu.aiConfig', '/ai-config', 'predictive-analysis', 40, 'SUPER_ADMIN'),
 ('ParamsSetting', NULL, 'menu.paramsSetting', '/params-setting', 'cog', 50, 'SUPER_ADMIN'),
 ('TaskCreationRule', NULL, 'menu.taskCreationRule', '/task-creation-rule', 'automatic-updates', 60, 'SUPER_ADMIN'),
 ('BillingManagement', NULL, 'menu.billingManagement', '', 'dollar', 70, 'SUPER_ADMIN'),
 ('ChargeRecords', 'BillingManagement', 'menu.chargeRecords', '/charge-records-management', 'credit-card', 71, 'SUPER_ADMIN'),
 ('PromotionalCode', 'BillingManagement', 'menu.promotionalCode', '/promotional-code-management', 'tag', 72, 'SUPER_ADMIN'),
 ('SubscriptionPlanManagement', 'BillingManagement', 'menu.subscriptionPlanManagement', '/subscription-plan-management', 'calendar', 73, 'SUPER_ADMIN'),
 ('ServicePackage', 'BillingManagement', 'menu.servicePackage', '/service-package-management', 'box', 74, 'SUPER_ADMIN'),
 ('FunctionApi', 'BillingManagement', 'menu.functionApi', '/function-api-management', 'code', 75, 'SUPER_ADMIN'),
 ('FunctionPermission', 'BillingManagement', 'menu.functionPermission', '/function-permission-management', 'lock', 76, 'SUPER_ADMIN');

-- Facility menus: owners and admins, caregivers.
INSERT INTO menus (code, parent_code, name_key, url, icon, sort, roles) VALUES
 ('Dashboard', NULL, 'menu.dashboard', '/dashboard', 'dashboard', 100, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN,CAREGIVER_STAFF'),
 ('Calendar', NULL, 'menu.calendar', '/calendar', 'calendar', 110, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN,CAREGIVER_STAFF'),
 ('HomeOwnerTasks', NULL, 'menu.tasks', '/task', 'tick-circle', 120, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN'),
 ('CaregiverTask', NULL, 'menu.tasks', '/task', 'tick-circle', 121, 'CAREGIVER_STAFF'),
 ('ResidentManagement', NULL, 'menu.residentManagement', '/resident-management', 'people', 130, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN'),
 ('CaregiverResidents', NULL, 'menu.residents', '/resident', 'people', 131, 'CAREGIVER_STAFF'),
 ('Emars', NULL, 'menu.emars', '/emars', 'pill', 140, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN,CAREGIVER_STAFF'),
 ('IncidentManagement', NULL, 'menu.incidentManagement', '/incident-management', 'warning-sign', 150, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN'),
 ('CaregiverIncident', NULL, 'menu.incidents', '/incident', 'warning-sign', 151, 'CAREGIVER_STAFF'),
 ('StaffManagement', NULL, 'menu.staffManagement', '/staff-management', 'id-number', 160, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN'),
 ('ShiftManagement', NULL, 'menu.shiftManagement', '/shift-management', 'time', 170, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN'),
 ('ShiftReport', NULL, 'menu.shiftReport', '/shift-report', 'document', 180, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN,CAREGIVER_STAFF'),
 ('Message', NULL, 'menu.message', '/message', 'chat', 190, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN,CAREGIVER_STAFF'),
 ('InspectionStatus', NULL, 'menu.inspectionStatus', '/inspection-status', 'clipboard', 200, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER,FACILITY_ADMIN'),
 ('YourStatus', NULL, 'menu.yourStatus', '/your-status', 'stopwatch', 210, 'CAREGIVER_STAFF'),
 ('Pricing', NULL, 'menu.pricing', '', 'dollar', 220, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER'),
 ('MySubscription', 'Pricing', 'menu.mySubscription', '/my-subscription', 'shop', 221, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER'),
 ('PaymentMethod', 'Pricing', 'menu.paymentMethod', '/payment-method', 'credit-card', 222, 'FACILITY_OWNER,FACILITY_OWNER_REGISTER');

-- +goose Down
DROP TABLE audit_log;
DROP TABLE menus;
DROP TABLE mail_outbox;
DROP TABLE email_tokens;
DROP TABLE captchas;
DROP TABLE login_failures;
DROP TABLE verify_challenges;
DROP TABLE sessions;
DROP TABLE memberships;
DROP TABLE users;
DROP TABLE tenants;
DROP TABLE organisations;
