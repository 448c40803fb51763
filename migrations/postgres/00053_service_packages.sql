-- Service packages (spec 000 §3 "Service package", "Global limits"; issue 31
-- "Packages and limits"). A home's package (tenants.package_id) decides its
-- limits, read on every call (cloud/feature/svcpkg): active residents (7002),
-- caregivers (7005), shift reports (7006) and incident reports (7007) a month,
-- files in one upload (7008), all of its files (7009, MB) and one file (7010,
-- MB). 0 is unlimited, a price of 0 free (USD cents), a validity of 0
-- permanent (spec 001 §9). The role is the plan the package gives (menus,
-- function permissions of /function-permission-management).
--
-- Default data: the three packages the tenants already name (BASE_PACKAGE is
-- the free default of spec 000 §3), with the limits HEARTH_PLAN_MAX_* gave by
-- default (residents: free 2, essential 8, premium unlimited; reports
-- unlimited) and the file limits of HEARTH_FILE_MAX_MB, HEARTH_UPLOAD_MAX_FILES
-- and HEARTH_TENANT_STORAGE_MB (20 MB, 10 files, 2048 MB). The prices are
-- placeholders for the super admin to set. updated_by stays '' until the super
-- admin saves a package: until then HEARTH_PLAN_MAX_* given to `hearth serve`
-- seed its limits (docs/configuration.md).

-- +goose Up
CREATE TABLE service_packages (
    id                       TEXT PRIMARY KEY,
    name                     TEXT NOT NULL UNIQUE,
    role                     TEXT NOT NULL,
    price_cents              BIGINT NOT NULL DEFAULT 0,
    validity_period          INTEGER NOT NULL DEFAULT 0,
    validity_unit            TEXT NOT NULL DEFAULT 'month',
    currency                 TEXT NOT NULL DEFAULT 'USD',
    description              TEXT NOT NULL DEFAULT '',
    status                   TEXT NOT NULL DEFAULT 'ENABLED',
    max_residents            INTEGER NOT NULL DEFAULT 0,
    max_caregivers           INTEGER NOT NULL DEFAULT 0,
    max_incident_reports     INTEGER NOT NULL DEFAULT 0,
    max_shift_reports        INTEGER NOT NULL DEFAULT 0,
    extra_resident_quantity  INTEGER NOT NULL DEFAULT 0,
    max_upload_files         INTEGER NOT NULL DEFAULT 0,
    max_file_mb              INTEGER NOT NULL DEFAULT 0,
    max_total_file_mb        INTEGER NOT NULL DEFAULT 0,
    created_at               BIGINT NOT NULL,
    updated_at               BIGINT NOT NULL,
    updated_by               TEXT NOT NULL DEFAULT ''
);

INSERT INTO service_packages (id, name, role, price_cents, validity_period, validity_unit, description,
    max_residents, max_upload_files, max_file_mb, max_total_file_mb, created_at, updated_at) VALUES
 ('BASE_PACKAGE', 'Free', 'FREE_PLAN', 0, 0, 'month', 'Try Hearth with two residents.', 2, 10, 20, 2048, 0, 0),
 ('ESSENTIAL_PACKAGE', 'Essential', 'ESSENTIAL_PLAN', 4900, 1, 'month', 'A full adult family home: up to eight residents.', 8, 10, 20, 2048, 0, 0),
 ('PREMIUM_PACKAGE', 'Premium', 'PREMIUM_PLAN', 9900, 1, 'month', 'Every function, with incident reports and inspection status.', 0, 10, 20, 2048, 0, 0);

-- A home with a plan and no package gets its plan's default package.
UPDATE tenants SET package_id = CASE subscription_plan
    WHEN 'FREE_PLAN' THEN 'BASE_PACKAGE' WHEN 'ESSENTIAL_PLAN' THEN 'ESSENTIAL_PACKAGE' ELSE 'PREMIUM_PACKAGE' END
 WHERE (package_id IS NULL OR package_id = '') AND subscription_plan IN ('FREE_PLAN', 'ESSENTIAL_PLAN', 'PREMIUM_PLAN');

-- +goose Down
DROP TABLE service_packages;
