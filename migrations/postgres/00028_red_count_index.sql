-- countWarningNum, the sidebar's medication count and the dashboard's eMAR
-- card count a facility's PRN checks not made in the last 7 days; without an
-- index that starts with the facility they read every pass it ever had.

-- +goose Up
CREATE INDEX medication_passes_tenant_follow_up ON medication_passes (tenant_id, follow_up_due)
    WHERE follow_up_due IS NOT NULL AND follow_up_at IS NULL;

-- +goose Down
DROP INDEX medication_passes_tenant_follow_up;
