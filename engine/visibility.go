package engine

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
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
	hidden, owner, known, count bool
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
// that round-trips through encoding/json.
func Redact[T any](state *T, viewer Viewer) *T {
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
func ownerOf(v reflect.Value, inherited Seat) Seat {
	if v.CanAddr() && v.Addr().Type().Implements(ownedType) {
		return v.Addr().Interface().(Owned).OwnerSeat()
	}
	if v.Type().Implements(ownedType) {
		return v.Interface().(Owned).OwnerSeat()
	}
	return inherited
}

// knowerOf is struct value v as a Knower when it is one, else the knower
// inherited from outside it.
func knowerOf(v reflect.Value, inherited Knower) Knower {
	if v.CanAddr() && v.Addr().Type().Implements(knowerType) {
		return v.Addr().Interface().(Knower)
	}
	if v.Type().Implements(knowerType) {
		return v.Interface().(Knower)
	}
	return inherited
}

// enter is the scope inside struct value v.
func (sc scope) enter(v reflect.Value) scope {
	return scope{owner: ownerOf(v, sc.owner), knower: knowerOf(v, sc.knower)}
}

// walkVis zeroes what viewer may not see in v (which must be settable),
// calling seen (when not nil) with each value before it is removed.
func walkVis(v reflect.Value, viewer Seat, seen func(string, reflect.Value)) {
	walkPath(v, viewer, scope{owner: NoSeat}, "", seen)
}

func walkPath(v reflect.Value, viewer Seat, sc scope, path string, seen func(string, reflect.Value)) {
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
		for i := 0; i < v.Len(); i++ {
			walkPath(v.Index(i), viewer, sc, fmt.Sprintf("%s[%d]", path, i), seen)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			val := reflect.New(iter.Value().Type()).Elem()
			val.Set(iter.Value())
			walkPath(val, viewer, sc, fmt.Sprintf("%s[%v]", path, iter.Key()), seen)
			v.SetMapIndex(iter.Key(), val)
		}
	case reflect.Struct:
		sc = sc.enter(v)
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			fv := v.Field(i)
			fpath := path + "." + f.Name
			p := parseVis(f.Tag.Get("vis"))
			if p.visibleTo(viewer, sc) {
				walkPath(fv, viewer, sc, fpath, seen)
				continue
			}
			if seen != nil {
				seen(fpath, fv)
			}
			if p.count && fv.Kind() == reflect.Slice {
				fv.Set(reflect.MakeSlice(fv.Type(), fv.Len(), fv.Len()))
			} else {
				fv.Set(reflect.Zero(fv.Type()))
			}
		}
	}
}

// SecretFingerprints hashes, for each seat, the values only some seats may
// see (its vis:"owner" fields, and vis:"known" fields it knows). When a
// seat's fingerprint changes across a move, its private view changed, and
// the platform refreshes that seat's DM even if the game wrote no private
// note: a seat that peeks at a face-down token gets a fresh DM, and the
// seats that already knew it do not.
func SecretFingerprints(state any) map[Seat]uint64 {
	out := map[Seat]uint64{}
	v := reflect.ValueOf(state)
	fingerprintWalk(v, scope{owner: NoSeat}, nil, out)
	return out
}

func fingerprintWalk(v reflect.Value, sc scope, secretTo []Seat, out map[Seat]uint64) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			fingerprintWalk(v.Elem(), sc, secretTo, out)
		}
		return
	}
	if secretTo != nil {
		// An empty secret (no drawn tiles yet) reveals nothing, and public
		// entries that merely hold one (a pending task) come and go.
		if v.IsZero() || (v.Kind() == reflect.Slice || v.Kind() == reflect.Map) && v.Len() == 0 {
			return
		}
		data, err := json.Marshal(v.Interface())
		if err != nil {
			data = []byte(fmt.Sprint(v.Interface()))
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
			fingerprintWalk(v.Index(i), sc, nil, out)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			fingerprintWalk(iter.Value(), sc, nil, out)
		}
	case reflect.Struct:
		sc = sc.enter(v)
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			p := parseVis(f.Tag.Get("vis"))
			if p.hidden {
				continue
			}
			fingerprintWalk(v.Field(i), sc, p.secretTo(sc), out)
		}
	}
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
