package engine

import "reflect"

// RedactByJSON is the JSON round trip Redact replaced, for the tests that
// hold the two equal.
func RedactByJSON[T any](state *T, viewer Viewer) *T { return redactJSON(state, viewer) }

// JSONCopy is the typed copy Redact makes, for the tests.
func JSONCopy[T any](src *T) *T {
	dst := new(T)
	jsonCopy(reflect.ValueOf(dst).Elem(), reflect.ValueOf(src).Elem())
	return dst
}

// SecretFingerprintsByJSON fingerprints every secret by its JSON, as
// SecretFingerprints did before it wrote plain secrets out directly.
func SecretFingerprintsByJSON(state any) map[Seat]uint64 { return secretFingerprints(state, false) }
