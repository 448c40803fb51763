// Package shared is the wire contract between the Hearth cloud API, the
// desktop shell and the React UI: the response envelope, the error codes,
// request and response types, enums and limits. TypeScript types in
// frontend/src/types/api.gen.ts are generated from this package (make types).
//
// Struct tags carry the validation bounds (minLength, maxLength, enum,
// pattern, minimum, maximum) that the API enforces and documents in its
// OpenAPI schema; the bounds come from spec 001 §5/§9 and spec 000 §5. Each
// bound is a named constant (limits.go and beside each feature's types) that
// the tag names in limit:"…"; limits_test.go checks that they agree.
package shared
