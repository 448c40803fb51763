-- The super admin's failed background jobs (/admin-jobs, issue 30): the
-- platform dashboard's "Background jobs" card leads to it, and it has its own
-- menu entry under the platform dashboard.

-- +goose Up
INSERT INTO menus (code, parent_code, name_key, url, icon, sort, roles) VALUES
 ('FailedJobs', NULL, 'menu.failedJobs', '/admin-jobs', 'error', 15, 'SUPER_ADMIN');

-- +goose Down
DELETE FROM menus WHERE code = 'FailedJobs';
