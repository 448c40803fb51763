-- AI cost (issue 30 "AI usage and cost"): each AI call's estimated cost in
-- millionths of a US dollar, from the model's price in the parameter
-- ai.modelPrices when the call was made; NULL when its model had no price.
-- The platform dashboard sums it per capability (ai_usage_created).

-- +goose Up
ALTER TABLE ai_usage ADD COLUMN cost_micros BIGINT;

-- +goose Down
ALTER TABLE ai_usage DROP COLUMN cost_micros;
