package engine

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// Hidden information is declared once, on the state's fields, with a `vis`
// struct tag, and every view is derived from those declarations by Redact.
// Games never decide visibility with ad hoc ifs at each output.
//
//	vis:"public"       everyone sees it (the default, same as no tag)
//	vis:"hidden"       nobody sees it: deck order, face-down supply, the
//	                   random generator
//	vis:"owner"        only the seat that owns the enclosing struct sees it
//	                   (the nearest enclosing value implementing Owned)
//	vis:"known"        only the seats the nearest enclosing Knower lists
//	                   (a face-down token known to whoever placed it and
//	                   whoever peeked at it); a seat added to the list
//	                   later sees it from then on
//	vis:"...,count"    for slices: those who may not see it see how many
//	                   elements there are, each a zero value (a hand of 3
//	                   cards shows as 3 card backs)
//	vis:"...,faceup"   with known: the seats that know it besides the
//	                   owner see it as cards lying face up on the table:
//	                   in their views, but a change of it refreshes only
//	                   the owner's private DM (SecretFingerprints), so a
//	                   teammate's hand changing does not message everyone
//
// Only exported fields are visited; game states are plain JSON-able data.

// Owned is implemented by the parts of a state that belong to one seat
// (a player board, a hand): fields tagged vis:"owner" inside them are
// visible to that seat only.
type Owned interface {
	OwnerSeat() Seat
}

// Knower is implemented by the parts of a state whose vis:"known" fields
// are known to a set of seats rather than one: KnownBy lists them.
type Knower interface {
	KnownBy() []Seat
}

type policy struct {
	hidden, owner, known, count, faceup bool
}

// scope is what the walk knows about the enclosing values: the seat that
// owns them and the seats that know them.
type scope struct {
	owner  Seat
	knower Knower
}

func (sc scope) knows(viewer Seat) bool {
	if sc.knower == nil || viewer == NoSeat {
		return false
	}
	for _, s := range sc.knower.KnownBy() {
		if s == viewer {
			return true
		}
	}
	return false
}

func parseVis(tag string) policy {
	var p policy
	for _, part := range strings.Split(tag, ",") {
		switch strings.TrimSpace(part) {
		case "hidden":
			p.hidden = true
		case "owner":
			p.owner = true
		case "known":
			p.known = true
		case "count":
			p.count = true
		case "faceup":
			p.faceup = true
		case "", "public":
		default:
			panic(fmt.Sprintf("engine: unknown vis tag %q", part))
		}
	}
	return p
}

func (p policy) visibleTo(viewer Seat, sc scope) bool {
	switch {
	case p.hidden:
		return false
	case p.owner && p.known:
		return viewer != NoSeat && viewer == sc.owner || sc.knows(viewer)
	case p.owner:
		return viewer != NoSeat && viewer == sc.owner
	case p.known:
		return sc.knows(viewer)
	}
	return true
}

// Redact returns a deep copy of state with everything viewer may not see
// removed, according to the vis tags. state must be a pointer to a struct
// that round-trips through encoding/json; the copy is what that round
// trip would make (see jsonCopy), without encoding a byte.
func Redact[T any](state *T, viewer Viewer) *T {
	out := new(T)
	v := reflect.ValueOf(out).Elem()
	jsonCopy(v, reflect.ValueOf(state).Elem())
	walkVis(v, viewer, nil)
	return out
}

// redactJSON is Redact as it was first written, by a JSON round trip of
// the state: the reference the typed copy is tested against.
func redactJSON[T any](state *T, viewer Viewer) *T {
	data, err := json.Marshal(state)
	if err != nil {
		panic(fmt.Sprintf("engine: Redact marshal: %v", err))
	}
	out := new(T)
	if err := json.Unmarshal(data, out); err != nil {
		panic(fmt.Sprintf("engine: Redact unmarshal: %v", err))
	}
	walkVis(reflect.ValueOf(out).Elem(), viewer, nil)
	return out
}

// HiddenFrom lists, for tests, the non-empty string and number values in
// state that viewer may not see, each with its field path. A secrecy test
// checks that none of them shows in the public text, log or image labels.
func HiddenFrom(state any, viewer Viewer) map[string]string {
	found := map[string]string{}
	v := reflect.ValueOf(state)
	for v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	// Work on a copy so the walk's zeroing cannot touch the caller's state.
	cp := reflect.New(v.Type()).Elem()
	data, err := json.Marshal(v.Interface())
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(data, cp.Addr().Interface()); err != nil {
		panic(err)
	}
	walkVis(cp, viewer, func(path string, hidden reflect.Value) {
		collectScalars(path, hidden, found)
	})
	return found
}

func collectScalars(path string, v reflect.Value, out map[string]string) {
	switch v.Kind() {
	case reflect.String:
		if v.String() != "" {
			out[path] = v.String()
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		out[path] = fmt.Sprint(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		out[path] = fmt.Sprint(v.Uint())
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			collectScalars(path, v.Elem(), out)
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			collectScalars(fmt.Sprintf("%s[%d]", path, i), v.Index(i), out)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			collectScalars(fmt.Sprintf("%s[%v]", path, iter.Key()), iter.Value(), out)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() {
				collectScalars(path+"."+t.Field(i).Name, v.Field(i), out)
			}
		}
	}
}

var (
	ownedType  = reflect.TypeOf((*Owned)(nil)).Elem()
	knowerType = reflect.TypeOf((*Knower)(nil)).Elem()
)

// ownerOf is the seat owning struct value v when v implements Owned (by
// value or by pointer), else the owner inherited from outside it.
func ownerOf(v reflect.Value, p *typePlan, inherited Seat) Seat {
	if p.ownedPtr && v.CanAddr() {
		return v.Addr().Interface().(Owned).OwnerSeat()
	}
	if p.ownedVal {
		return v.Interface().(Owned).OwnerSeat()
	}
	return inherited
}

// knowerOf is struct value v as a Knower when it is one, else the knower
// inherited from outside it.
func knowerOf(v reflect.Value, p *typePlan, inherited Knower) Knower {
	if p.knowerPtr && v.CanAddr() {
		return v.Addr().Interface().(Knower)
	}
	if p.knowerVal {
		return v.Interface().(Knower)
	}
	return inherited
}

// enter is the scope inside struct value v.
func (sc scope) enter(v reflect.Value) scope {
	p := planOf(v.Type())
	if !p.ownedPtr && !p.ownedVal && !p.knowerPtr && !p.knowerVal {
		return sc
	}
	return scope{owner: ownerOf(v, p, sc.owner), knower: knowerOf(v, p, sc.knower)}
}

// walkVis zeroes what viewer may not see in v (which must be settable),
// calling seen (when not nil) with each value before it is removed.
func walkVis(v reflect.Value, viewer Seat, seen func(string, reflect.Value)) {
	walkPath(v, viewer, scope{owner: NoSeat}, "", seen)
}

func walkPath(v reflect.Value, viewer Seat, sc scope, path string, seen func(string, reflect.Value)) {
	if !mayHideAny(v.Type()) {
		// Nothing below is secret: there is nothing to zero.
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walkPath(v.Elem(), viewer, sc, path, seen)
		}
	case reflect.Interface:
		if !v.IsNil() {
			// Interface contents are not addressable: copy, walk, put back.
			inner := reflect.New(v.Elem().Type()).Elem()
			inner.Set(v.Elem())
			walkPath(inner, viewer, sc, path, seen)
			v.Set(inner)
		}
	case reflect.Slice, reflect.Array:
		if !mayHideAny(v.Type().Elem()) {
			return
		}
		for i := 0; i < v.Len(); i++ {
			walkPath(v.Index(i), viewer, sc, indexPath(path, i, seen), seen)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			val := reflect.New(iter.Value().Type()).Elem()
			val.Set(iter.Value())
			kpath := ""
			if seen != nil {
				kpath = fmt.Sprintf("%s[%v]", path, iter.Key())
			}
			walkPath(val, viewer, sc, kpath, seen)
			v.SetMapIndex(iter.Key(), val)
		}
	case reflect.Struct:
		sc = sc.enter(v)
		for _, f := range hidesOf(v.Type()).fields {
			fv := v.Field(f.index)
			fpath := ""
			if seen != nil {
				fpath = path + "." + f.name
			}
			if f.vis.visibleTo(viewer, sc) {
				if f.hides {
					walkPath(fv, viewer, sc, fpath, seen)
				}
				continue
			}
			if seen != nil {
				seen(fpath, fv)
			}
			if f.vis.count && fv.Kind() == reflect.Slice {
				fv.Set(reflect.MakeSlice(fv.Type(), fv.Len(), fv.Len()))
			} else {
				fv.Set(reflect.Zero(fv.Type()))
			}
		}
	}
}

// indexPath is the path of element i, built only when a caller reads
// paths: formatting one per element cost more than the walk itself.
func indexPath(path string, i int, seen func(string, reflect.Value)) string {
	if seen == nil {
		return ""
	}
	return fmt.Sprintf("%s[%d]", path, i)
}

// fieldPlan is one exported field of a struct type with its parsed vis
// tag.
type fieldPlan struct {
	index int
	name  string
	vis   policy
	// hides is set when the field's value may hold something secret
	// below it (see mayHideAny).
	hides bool
	// plain is set when the field's type is one appendSecret writes out
	// (see plainSecret), worked out with hides.
	plain bool
}

// typePlan is what the walks need of a struct type, worked out once per
// type: its exported fields with their policies, and whether the type is
// Owned or a Knower by pointer or by value.
type typePlan struct {
	fields               []fieldPlan
	ownedPtr, ownedVal   bool
	knowerPtr, knowerVal bool
}

var (
	plans   sync.Map // reflect.Type -> *typePlan, hides unset
	full    sync.Map // reflect.Type -> *typePlan, hides set
	secrets sync.Map // reflect.Type -> bool
)

// planOf is the plan of struct type t.
func planOf(t reflect.Type) *typePlan {
	if p, ok := plans.Load(t); ok {
		return p.(*typePlan)
	}
	pt := reflect.PointerTo(t)
	p := &typePlan{ownedPtr: pt.Implements(ownedType), ownedVal: t.Implements(ownedType),
		knowerPtr: pt.Implements(knowerType), knowerVal: t.Implements(knowerType)}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		p.fields = append(p.fields, fieldPlan{index: i, name: f.Name, vis: parseVis(f.Tag.Get("vis"))})
	}
	plans.Store(t, p)
	return p
}

// hidesOf is the plan of struct type t with each field's hides worked
// out; planOf alone leaves them unset, as mayHideAny builds on it.
func hidesOf(t reflect.Type) *typePlan {
	if p, ok := full.Load(t); ok {
		return p.(*typePlan)
	}
	base := planOf(t)
	p := &typePlan{fields: slices.Clone(base.fields), ownedPtr: base.ownedPtr, ownedVal: base.ownedVal, knowerPtr: base.knowerPtr, knowerVal: base.knowerVal}
	for i := range p.fields {
		ft := t.Field(p.fields[i].index).Type
		p.fields[i].hides = p.fields[i].vis != (policy{}) || mayHideAny(ft)
		p.fields[i].plain = plainSecret(ft)
	}
	full.Store(t, p)
	return p
}

// mayHideAny reports whether a value of type t may hold anything some
// viewer may not see: a field tagged other than public, anywhere below
// it. An interface may hold anything, so it answers yes; so does a type
// met again while it is being worked out (a recursive type), which is the
// safe side. A walk skips what answers no: most of a state is public, and
// walking it field by field was most of a view's cost.
func mayHideAny(t reflect.Type) bool {
	if v, ok := secrets.Load(t); ok {
		return v.(bool)
	}
	v := typeMayHide(t, map[reflect.Type]bool{})
	secrets.Store(t, v)
	return v
}

func typeMayHide(t reflect.Type, visiting map[reflect.Type]bool) bool {
	if v, ok := secrets.Load(t); ok {
		return v.(bool)
	}
	if visiting[t] {
		return true
	}
	visiting[t] = true
	defer delete(visiting, t)
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return typeMayHide(t.Elem(), visiting)
	case reflect.Map:
		return typeMayHide(t.Key(), visiting) || typeMayHide(t.Elem(), visiting)
	case reflect.Struct:
		for _, f := range planOf(t).fields {
			if f.vis != (policy{}) || typeMayHide(t.Field(f.index).Type, visiting) {
				return true
			}
		}
	}
	return false
}

// SecretFingerprints hashes, for each seat, the values only some seats may
// see (its vis:"owner" fields, and vis:"known" fields it knows). When a
// seat's fingerprint changes across a move, its private view changed, and
// the platform refreshes that seat's DM even if the game wrote no private
// note: a seat that peeks at a face-down token gets a fresh DM, and the
// seats that already knew it do not.
func SecretFingerprints(state any) map[Seat]uint64 {
	return secretFingerprints(state, true)
}

// secretFingerprints is SecretFingerprints with each secret written out
// by appendSecret where it can (direct), else, and always when not
// direct, by its JSON: the tests hold the two to change together.
func secretFingerprints(state any, direct bool) map[Seat]uint64 {
	out := map[Seat]uint64{}
	v := reflect.ValueOf(state)
	fingerprintWalk(v, scope{owner: NoSeat}, nil, false, &fingerprinter{out: out, direct: direct})
	return out
}

// fingerprinter hashes the secrets of one state into out, writing each
// secret's bytes into buf, used again for the next.
type fingerprinter struct {
	out    map[Seat]uint64
	buf    []byte
	direct bool
}

// plainSecret reports whether appendSecret writes values of type t out:
// a string, a bool or an integer, or a slice or array of them, with no
// JSON encoding of its own.
func plainSecret(t reflect.Type) bool {
	if customJSON(t) {
		return false
	}
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	case reflect.Slice, reflect.Array:
		et := t.Elem()
		return et.Kind() != reflect.Slice && et.Kind() != reflect.Array && plainSecret(et)
	}
	return false
}

// appendSecret writes a secret of a plain type (plainSecret) to buf as
// bytes that differ whenever the value does, as its JSON does, without
// the JSON: most secrets are card names and counts, and marshaling each
// one through an interface was a third of a move's fingerprints. It
// reports false for a value of any other type, which is fingerprinted by
// its JSON.
func appendSecret(buf []byte, v reflect.Value) ([]byte, bool) {
	if !plainSecret(v.Type()) {
		return buf, false
	}
	return appendPlain(buf, v), true
}

// appendPlain is appendSecret for a value of a plain type.
func appendPlain(buf []byte, v reflect.Value) []byte {
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		buf = binary.AppendUvarint(buf, uint64(len(s)))
		return append(buf, s...)
	case reflect.Bool:
		if v.Bool() {
			return append(buf, 1)
		}
		return append(buf, 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return binary.AppendVarint(buf, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return binary.AppendUvarint(buf, v.Uint())
	}
	// A slice or an array of them.
	n := v.Len()
	buf = binary.AppendUvarint(buf, uint64(n))
	for i := 0; i < n; i++ {
		buf = appendPlain(buf, v.Index(i))
	}
	return buf
}

// fingerprintWalk adds the secrets in v to the fingerprints of the seats
// they are secret to (secretTo, once a field makes v a secret); plain says
// v's type is known to be one appendSecret writes out (a field's plan
// says so once for its type).
func fingerprintWalk(v reflect.Value, sc scope, secretTo []Seat, plain bool, w *fingerprinter) {
	out := w.out
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			fingerprintWalk(v.Elem(), sc, secretTo, false, w)
		}
		return
	}
	if secretTo == nil && !mayHideAny(v.Type()) {
		// A public value with nothing secret below adds to no seat's
		// fingerprint.
		return
	}
	if secretTo != nil {
		// An empty secret (no drawn tiles yet) reveals nothing, and public
		// entries that merely hold one (a pending task) come and go.
		if v.IsZero() || (v.Kind() == reflect.Slice || v.Kind() == reflect.Map) && v.Len() == 0 {
			return
		}
		data, ok := w.buf[:0], false
		switch {
		case w.direct && plain:
			data, ok = appendPlain(data, v), true
			w.buf = data
		case w.direct:
			data, ok = appendSecret(data, v)
			w.buf = data
		}
		if !ok {
			var err error
			if data, err = json.Marshal(v.Interface()); err != nil {
				data = []byte(fmt.Sprint(v.Interface()))
			}
		}
		for _, seat := range secretTo {
			h := out[seat]
			for _, b := range data {
				h ^= uint64(b)
				h *= 1099511628211
			}
			out[seat] = h*31 + uint64(len(data))
		}
		return
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			fingerprintWalk(v.Index(i), sc, nil, false, w)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			fingerprintWalk(iter.Value(), sc, nil, false, w)
		}
	case reflect.Struct:
		sc = sc.enter(v)
		for _, f := range hidesOf(v.Type()).fields {
			if f.vis.hidden || !f.hides {
				continue
			}
			fingerprintWalk(v.Field(f.index), sc, f.vis.refreshes(sc), f.plain, w)
		}
	}
}

// refreshes lists the seats whose private DM a change of a field of this
// policy refreshes: those it is secret to (secretTo), but of a face-up
// field only its owner, when it has one (an empty list when the owner may
// not see it: the field then refreshes nobody).
func (p policy) refreshes(sc scope) []Seat {
	seats := p.secretTo(sc)
	if !p.faceup || seats == nil || sc.owner == NoSeat {
		return seats
	}
	if slices.Contains(seats, sc.owner) {
		return []Seat{sc.owner}
	}
	return []Seat{}
}

// secretTo lists the seats that may see a field of this policy that the
// public may not, or nil for a public field.
func (p policy) secretTo(sc scope) []Seat {
	var seats []Seat
	if p.owner && sc.owner != NoSeat {
		seats = append(seats, sc.owner)
	}
	if p.known && sc.knower != nil {
		for _, s := range sc.knower.KnownBy() {
			if s != NoSeat && !slices.Contains(seats, s) {
				seats = append(seats, s)
			}
		}
	}
	if (p.owner || p.known) && seats == nil {
		// Secret, but nobody knows it yet: it counts for no seat.
		return []Seat{}
	}
	return seats
}
