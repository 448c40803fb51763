package server

// NewRewired is New with rewire called on a pointer to each feature's Deps
// before that feature is built: a test drops a collaborator there.
func NewRewired(d Deps, rewire func(featureDeps any)) (*Server, error) { return build(d, rewire) }
