package engine

// RedactByJSON is the JSON round trip Redact replaced, for the tests that
// hold the two equal.
func RedactByJSON[T any](state *T, viewer Viewer) *T { return redactJSON(state, viewer) }
