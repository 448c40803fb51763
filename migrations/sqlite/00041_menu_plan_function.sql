-- The menu editor (/IAM/menu, issue 30): an entry may name the plan function
-- that shows it; empty keeps the rule of spec 000 §6, the top-level entry's
-- code. A change of menus raises platform_versions 'menus' (migration 00038),
-- and every replica builds its menu trees again within a second.

-- +goose Up
ALTER TABLE menus ADD COLUMN plan_function TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE menus DROP COLUMN plan_function;
