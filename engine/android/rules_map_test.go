package android

import (
	"slices"
	"strings"
	"testing"
)

// TestMapCoordinatesOfTheRules: the locations the rules (and [A8]) place
// on the grid keep their coordinates, and every cell is on the A–L × 1–8
// grid, one location per cell.
func TestMapCoordinatesOfTheRules(t *testing.T) {
	for slug, cell := range map[string]string{
		"melange-mining": "G7", "city-hall": "A2", "levy-university": "E1", "eastside-tenements": "L3",
		"order-of-sol": "F8", "humanity-labor": "H1", "starlight-crusade": "D1", "napd": "I3", "castle-club": "F4",
		"haas-bioroid": "D7", "jinteki": "D3", "courthouse": "H3",
	} {
		if got := Locations[mustLoc(slug)].Cell; got != cell {
			t.Errorf("%s at %s, want %s", slug, got, cell)
		}
	}
	seen := map[string]string{}
	for _, l := range Locations {
		if len(l.Cell) != 2 || l.Cell[0] < 'A' || l.Cell[0] > 'L' || l.Cell[1] < '1' || l.Cell[1] > '8' {
			t.Errorf("%s: cell %q off the grid", l.Slug, l.Cell)
		}
		if o, ok := seen[l.Cell]; ok {
			t.Errorf("%s and %s share %s", l.Slug, o, l.Cell)
		}
		seen[l.Cell] = l.Slug
		if l.Slug != strings.ToLower(l.Slug) || strings.Contains(l.Slug, " ") {
			t.Errorf("slug %q is not a canonical move word", l.Slug)
		}
	}
}

// TestMapTypesAndQualities (AN-MOVE-04, AN-MOVE-07): five location types
// and three qualities, every type in at least two districts of each city
// with at least two locations, so that a lead, Lily or Jimmy always has
// somewhere to go (AN-LEAD-05/06, AN-LILY-04, AN-JIMMY-04).
func TestMapTypesAndQualities(t *testing.T) {
	if len(LocTypes) != 5 {
		t.Fatalf("%d types", len(LocTypes))
	}
	qualities := map[Quality]int{}
	for _, city := range []City{NewAngeles, Heinlein} {
		for _, ty := range LocTypes {
			districts := map[string]int{}
			for _, l := range Locations {
				if l.City == city && l.Type == ty {
					districts[l.District]++
				}
			}
			if len(districts) < 2 {
				t.Errorf("%s: %s locations in %d districts", city, ty, len(districts))
			}
		}
	}
	for _, l := range Locations {
		qualities[l.Quality]++
		if !slices.Contains(LocTypes, l.Type) {
			t.Errorf("%s: type %q", l.Slug, l.Type)
		}
	}
	if len(qualities) != 3 {
		t.Errorf("qualities %v", qualities)
	}
}

// TestMapBeanstalk (AN-MOVE-14): the Beanstalk is one district of five
// locations from the Root (by Earth) to Starport Kaguya (by the Moon).
func TestMapBeanstalk(t *testing.T) {
	var along []string
	for i := 0; i < BeanstalkLen; i++ {
		for _, l := range Locations {
			if l.Beanstalk == i {
				along = append(along, l.Slug)
				if l.City != Beanstalk || l.District != DStalk {
					t.Errorf("%s: %s / %s", l.Slug, l.City, l.District)
				}
			}
		}
	}
	if len(along) != 5 || along[0] != "the-root" || along[4] != "starport-kaguya" {
		t.Fatalf("beanstalk %v", along)
	}
	if rulerCity(mustLoc("the-root")) != NewAngeles || rulerCity(mustLoc("starport-kaguya")) != Heinlein || rulerCity(mustLoc("midway-habitat")) != "" {
		t.Error("the Beanstalk's ends must join their cities and its middle neither")
	}
}

// TestMapReachableByEveryRuler: with the shortest vehicle ruler, every
// location of a city can reach every other of the same city in moves, and
// both cities reach the Beanstalk's end on their side.
func TestMapReachableByEveryRuler(t *testing.T) {
	shortest := Detectives[0].Ruler
	for _, d := range Detectives {
		shortest = min(shortest, d.Ruler)
	}
	for from := range Locations {
		seen := map[int]bool{from: true}
		queue := []int{from}
		for len(queue) > 0 {
			at := queue[0]
			queue = queue[1:]
			for _, to := range Reach(at, shortest) {
				if !seen[to] {
					seen[to] = true
					queue = append(queue, to)
				}
			}
		}
		// Without a dropship the Beanstalk joins both cities: everything
		// is reachable from everywhere.
		if len(seen) != len(Locations) {
			var missing []string
			for id, l := range Locations {
				if !seen[id] {
					missing = append(missing, l.Slug)
				}
			}
			t.Errorf("from %s, unreachable: %v", Locations[from].Slug, missing)
		}
	}
}

// TestMapCitiesConnected: within each city, with the shortest ruler and
// without leaving the city, every location reaches every other.
func TestMapCitiesConnected(t *testing.T) {
	for _, city := range []City{NewAngeles, Heinlein} {
		var in []int
		for id := range Locations {
			if rulerCity(id) == city {
				in = append(in, id)
			}
		}
		seen := map[int]bool{in[0]: true}
		queue := []int{in[0]}
		for len(queue) > 0 {
			at := queue[0]
			queue = queue[1:]
			for _, to := range Reach(at, 2.5) {
				if rulerCity(to) == city && !seen[to] {
					seen[to] = true
					queue = append(queue, to)
				}
			}
		}
		if len(seen) != len(in) {
			t.Errorf("%s: %d of %d locations connected", city, len(seen), len(in))
		}
	}
}

// TestContentNamesExist: every location the detectives and murder sheets
// name exists and is colour-matched for its use; no two leads of a game
// can share a location at setup; Lily and Jimmy never start together; the
// major locations with token piles are the rules' (AN-SETUP-16…24).
func TestContentNamesExist(t *testing.T) {
	detLeads := map[string]string{}
	for _, d := range Detectives {
		for _, slug := range []string{d.Start, d.Physical, d.Document} {
			mustLoc(slug)
		}
		for _, slug := range []string{d.Physical, d.Document} {
			if o, ok := detLeads[slug]; ok {
				t.Errorf("%s and %s leads share %s", d.Slug, o, slug)
			}
			detLeads[slug] = d.Slug
			if Locations[mustLoc(slug)].Restricted {
				t.Errorf("%s lead on restricted %s", d.Slug, slug)
			}
		}
		if len(d.NPCs) < 2 || d.HandLimit < 6 || d.Ruler < 2.5 {
			t.Errorf("%s sheet %+v", d.Slug, d)
		}
	}
	for mi, m := range Murders {
		mustLoc(m.Scene)
		seen := map[int]bool{}
		for _, s := range m.Order {
			if seen[s] {
				t.Errorf("murder %d: suspect %d twice", mi+1, s)
			}
			seen[s] = true
		}
		places := map[string]bool{}
		for _, slug := range m.Testimony {
			mustLoc(slug)
			if places[slug] || detLeads[slug] != "" || Locations[mustLoc(slug)].Restricted {
				t.Errorf("murder %d: testimony lead at %s shares its place", mi+1, slug)
			}
			places[slug] = true
		}
		for w := 0; w < 2; w++ {
			if mustLoc(m.Lily[w]) == mustLoc(m.Jimmy[w]) {
				t.Errorf("murder %d week %d: Lily and Jimmy together", mi+1, w+1)
			}
		}
	}
	for slug, ab := range map[string]Ability{
		"melange-mining": AbilityFavor, "city-hall": AbilityFavor, "levy-university": AbilityFavor, "eastside-tenements": AbilityFavor,
		"order-of-sol": AbilityAlibi, "humanity-labor": AbilityHit, "starlight-crusade": AbilityTrauma, "napd": AbilityDropship,
		"castle-club": AbilityBaggage,
	} {
		if Locations[mustLoc(slug)].Ability != ab {
			t.Errorf("%s: ability %q, want %q", slug, Locations[mustLoc(slug)].Ability, ab)
		}
	}
	favors := map[string]string{"melange-mining": FavorCorp, "city-hall": FavorPolitical, "levy-university": FavorSociety, "eastside-tenements": FavorStreet}
	for slug, f := range favors {
		if Locations[mustLoc(slug)].FavorOf != f {
			t.Errorf("%s gives %q favors, want %q", slug, Locations[mustLoc(slug)].FavorOf, f)
		}
	}
}

// TestEvidencePool: the 28 tokens of [A6] are in the pool with our zeros,
// surprise witnesses and perjuries (CONTENT.md).
func TestEvidencePool(t *testing.T) {
	count := map[string]int{}
	for _, e := range EvidencePool {
		count[e.String()]++
	}
	want := map[string]int{"+4": 1, "+3": 4, "+2": 5, "+1": 4, "-4": 1, "-3": 4, "-2": 5, "-1": 4, "+0": 6, "surprise witness (−5)": 3, "perjury": 3}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%s: %d, want %d", k, count[k], n)
		}
	}
	if len(EvidencePool) != 40 {
		t.Errorf("pool of %d", len(EvidencePool))
	}
}
