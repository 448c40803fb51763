package shared

// PillCountRule is the first broken rule of a log's pill counts, as the field
// and the rule it breaks ("" when none). Counts are a controlled substance's
// record of what left the bottle, so whenever they are sent they must add up,
// whatever the order or the outcome: both or neither, and the count after
// the pass never above the count before. required is a controlled order's
// given dose, which must carry them. The cloud (cloud/feature/medication)
// refuses by it; an order that keeps no count stores counts only when they
// pass it.
func PillCountRule(required bool, before, after *int) (field, rule string) {
	switch {
	case before == nil && (required || after != nil):
		return "countBefore", "required"
	case after == nil && (required || before != nil):
		return "countAfter", "required"
	case before != nil && *after > *before:
		return "countAfter", "maximum"
	}
	return "", ""
}
