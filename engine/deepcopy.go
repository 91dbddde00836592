package engine

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// jsonCopy makes dst (settable, zero) what a JSON round trip of src would
// make it: a deep copy of src's exported, JSON-visible data, with
// unexported fields and fields tagged json:"-" left zero, and a field
// tagged omitempty left zero when JSON would omit it. Redact used to copy
// a state by marshaling and unmarshaling it, which was most of a private
// view's cost; this walk does the same per type, worked out once, and
// falls back to JSON itself for what it does not model (custom
// marshalers, interfaces, embedded structs, clashing JSON names), so the
// result is the same either way. It assumes strings hold valid UTF-8, as
// every string of a state decoded from JSON or typed through Discord
// does (JSON would replace invalid bytes).
func jsonCopy(dst, src reflect.Value) {
	copierOf(src.Type())(dst, src)
}

// copyFn copies src into the settable zero value dst of the same type.
type copyFn func(dst, src reflect.Value)

var (
	// copiers holds the finished copy functions, read without a lock.
	copiers sync.Map // reflect.Type -> copyFn
	// buildMu is held while copy functions are built, so that no
	// goroutine ever calls one that another is still building (the
	// bot playouts redact from parallel tests).
	buildMu sync.Mutex
	// building holds, under buildMu, the copiers being built, for a
	// recursive type that reaches itself.
	building = map[reflect.Type]*copyFn{}
)

// copierOf is the copy function of type t, built once.
func copierOf(t reflect.Type) copyFn {
	if f, ok := copiers.Load(t); ok {
		return f.(copyFn)
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	return copierLocked(t)
}

// copierLocked is copierOf with buildMu held: building a type's copier
// builds those of its parts through it.
func copierLocked(t reflect.Type) copyFn {
	if f, ok := copiers.Load(t); ok {
		return f.(copyFn)
	}
	if p, ok := building[t]; ok {
		// A recursive type reaches itself while its copier is being
		// built: this indirection calls the finished copier, which is
		// set before the lock is released and the copier published.
		return func(dst, src reflect.Value) { (*p)(dst, src) }
	}
	var built copyFn
	building[t] = &built
	built = buildCopier(t)
	delete(building, t)
	copiers.Store(t, built)
	return built
}

var (
	jsonMarshalerType   = reflect.TypeOf((*json.Marshaler)(nil)).Elem()
	jsonUnmarshalerType = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()
	textMarshalerType   = reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()
	textUnmarshalerType = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
)

// customJSON reports whether values of t encode or decode themselves,
// so that only JSON knows what their round trip makes of them.
func customJSON(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	for _, i := range []reflect.Type{jsonMarshalerType, jsonUnmarshalerType, textMarshalerType, textUnmarshalerType} {
		if t.Implements(i) || pt.Implements(i) {
			return true
		}
	}
	return false
}

// viaJSON is the fallback: the round trip itself, for one value.
func viaJSON(dst, src reflect.Value) {
	data, err := json.Marshal(src.Interface())
	if err != nil {
		panic(fmt.Sprintf("engine: Redact marshal: %v", err))
	}
	if err := json.Unmarshal(data, dst.Addr().Interface()); err != nil {
		panic(fmt.Sprintf("engine: Redact unmarshal: %v", err))
	}
}

// plainCopy reports whether a value of t is copied whole by assignment:
// it holds no pointer, slice or map, and JSON keeps every part of it.
func plainCopy(t reflect.Type) bool {
	if customJSON(t) {
		return false
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	case reflect.Array:
		return plainCopy(t.Elem())
	case reflect.Struct:
		fields, ok := jsonFields(t)
		if !ok || len(fields) != t.NumField() {
			return false
		}
		// omitempty leaves out only zero values of plain fields, which
		// decode as the zero they were.
		for _, f := range fields {
			if !plainCopy(t.Field(f.index).Type) {
				return false
			}
		}
		return true
	}
	return false
}

// jsonField is a struct field JSON encodes.
type jsonField struct {
	index     int
	omitEmpty bool
}

// jsonFields lists the fields of struct type t that JSON encodes, or
// reports false when t is one whose JSON form this walk does not model
// (embedded fields, two fields of one JSON name).
func jsonFields(t reflect.Type) ([]jsonField, bool) {
	var out []jsonField
	names := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			return nil, false
		}
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		// encoding/json matches names without regard to case when it
		// decodes: two names equal but for case could trade values.
		key := strings.ToLower(name)
		if names[key] {
			return nil, false
		}
		names[key] = true
		omit := false
		for _, o := range strings.Split(opts, ",") {
			if o == "omitempty" {
				omit = true
			}
		}
		out = append(out, jsonField{index: i, omitEmpty: omit})
	}
	return out, true
}

func buildCopier(t reflect.Type) copyFn {
	if plainCopy(t) {
		return func(dst, src reflect.Value) { dst.Set(src) }
	}
	if customJSON(t) {
		return viaJSON
	}
	switch t.Kind() {
	case reflect.Pointer:
		elem := t.Elem()
		inner := copierLocked(elem)
		return func(dst, src reflect.Value) {
			if src.IsNil() {
				return
			}
			p := reflect.New(elem)
			inner(p.Elem(), src.Elem())
			dst.Set(p)
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && plainCopy(t.Elem()) {
			// JSON writes []byte as base64 and reads it back whole.
			return func(dst, src reflect.Value) {
				if !src.IsNil() {
					dst.SetBytes(append([]byte{}, src.Bytes()...))
				}
			}
		}
		elemPlain := plainCopy(t.Elem())
		inner := copierLocked(t.Elem())
		return func(dst, src reflect.Value) {
			if src.IsNil() {
				return
			}
			n := src.Len()
			s := reflect.MakeSlice(t, n, n)
			if elemPlain {
				reflect.Copy(s, src)
			} else {
				for i := 0; i < n; i++ {
					inner(s.Index(i), src.Index(i))
				}
			}
			dst.Set(s)
		}
	case reflect.Array:
		inner := copierLocked(t.Elem())
		return func(dst, src reflect.Value) {
			for i := 0; i < src.Len(); i++ {
				inner(dst.Index(i), src.Index(i))
			}
		}
	case reflect.Map:
		k := t.Key().Kind()
		if customJSON(t.Key()) || !(k == reflect.String || k >= reflect.Int && k <= reflect.Uintptr) {
			return viaJSON
		}
		elem := t.Elem()
		inner := copierLocked(elem)
		return func(dst, src reflect.Value) {
			if src.IsNil() {
				return
			}
			m := reflect.MakeMapWithSize(t, src.Len())
			iter := src.MapRange()
			for iter.Next() {
				v := reflect.New(elem).Elem()
				inner(v, iter.Value())
				m.SetMapIndex(iter.Key(), v)
			}
			dst.Set(m)
		}
	case reflect.Struct:
		fields, ok := jsonFields(t)
		if !ok {
			return viaJSON
		}
		type step struct {
			index     int
			omitEmpty bool
			copy      copyFn
		}
		steps := make([]step, len(fields))
		for i, f := range fields {
			ft := t.Field(f.index).Type
			// Only an empty slice or map that is not nil decodes as
			// something else (nil) when omitempty leaves it out.
			omit := f.omitEmpty && (ft.Kind() == reflect.Slice || ft.Kind() == reflect.Map)
			steps[i] = step{index: f.index, omitEmpty: omit, copy: copierLocked(ft)}
		}
		return func(dst, src reflect.Value) {
			for _, s := range steps {
				fv := src.Field(s.index)
				if s.omitEmpty && fv.Len() == 0 {
					continue
				}
				s.copy(dst.Field(s.index), fv)
			}
		}
	}
	// Interfaces and what JSON cannot hold: JSON decides.
	return viaJSON
}
