// Package content is the card and scenario data of the board game Masters
// of the Heist (version 24.0), parsed into Go values. The facts are the
// published game's: names, numbers, action faces, costs, levels, decks,
// maps and counts. Every text (effects, abilities, flavour, level-up
// notes, objectives, special rules) is our own wording of them. The data
// sits in data/ as plain-text files of ours, embedded in the binary.
//
// # Loading
//
//	c, err := content.Load() // parsed once, shared, read-only
//	c := content.MustLoad()  // same, panicking on error (the tests rule it out)
//
// # Cards
//
// Slices keep file order. Where the box holds several copies of a card
// (skills, crises, items), its file has one record with the Qty and the
// slice holds every copy, so len(c.Crises) == 12 counts cards;
// SkillTypes, CrisisTypes and ItemTypes give one per kind. Every card
// keeps its record (Box: fields in order, Raw text, file line);
// Box.Text() prints it.
//
//   - Character (24: 8 Amateurs, level 1, each naming two Pro cards, level
//     2, in LevelUp): Name, Archetype (the class), Level, Memory (Planning
//     Memory = planning tokens), Ideas (initial), Defaults []Action,
//     Special (the abilities, each under its title) and Abilities (split
//     into titled parts), LevelUpDesc (what a level-up changes) and
//     UpgradeText (the Pro card it gives) per level-up choice.
//   - Skill (21 kinds × 2): Name, Level, Root (its level-1 skill), Faces
//     [6]Action for die values 1..6 (Face(d)), Upgrades (level-2 names) and
//     UpgradeRolls (their faces), Icons (icon counts over the faces),
//     GoodAt, Lacks, Seasoning.
//   - Event (41): ID is the Order field, "1".."24" or "A1".."M3", which
//     deck lists use; Name, Qty, Story (flavour), Description (effect).
//   - Crisis (12 cards, IDs C1..C6, Z1, Z2): Final() is true for Z cards,
//     the crises that start the Escape.
//   - Item (15 cards): Name, Cost ($k), Description, Abilities, Action (the
//     action it gives), Location "shop" or "scenario".
//   - Fixer (15): Name, Ability (title and text).
//   - NPC (3: Prisoner, Hostage, Guide): Normal and Panic sides, each with
//     Name, Defaults, Roll6 and Description.
//   - SpecialEvent (6, S1..S6): module variants of crises.
//
// An Action is {Name, Subs, Text}: Subs are the :icon: sub-actions in card
// order (SubMove, SubNoise, SubUnlock, SubSubdue, SubDisable, SubIdea,
// SubReveal, SubLoot, SubCrack, SubAlert); Count(s) counts one. Icons(text)
// extracts icons from any card text.
//
// Lookups take a name or ID, case-insensitively: c.Character, c.Skill,
// c.Event (ID or name), c.Crisis (ID or name), c.Item, c.Fixer, c.NPC
// (either side's name), c.SpecialEvent, c.Scenario (slug or name), c.Tile
// (legend code).
//
// # Data files
//
// The card files (characters.txt, skills.txt, events.txt, crises.txt,
// items.txt, fixers.txt, npcs.txt, special_events.txt) are records: a line
// "Key: value" starts a field, a line indented by two spaces continues it,
// an empty line inside a field's text is a paragraph break, "---" ends a
// card and "#" starts a comment line. Actions are written "Name :a::b:".
// scenarios.txt has one "## " section per heist, then the legend of tile
// codes; its header explains the lines.
//
// # Scenarios
//
// c.Scenarios holds the 17 sections of scenarios.txt in order, each with a
// Slug ("the-inclusion-job", "county-the-bricks", "the-final-score-part-1";
// c.ScenarioSlugs lists them), Name, MapName, Difficulty (A, S, P), County,
// Objective, SpecialRules (bullets), Items, Safe and SafeCracks, Success,
// Notes, Bag ([]BagEntry; BagCount("guards")), DeckList (as written) and
// Deck ([]DeckCard top first, each an Event or a Crisis; ranges expanded),
// Unresolved (deck codes naming no card: "A5" in The Side Channel and The
// Safehouse Rescue, for events.txt has no A5), Modules (rulebook modules
// in use, from the rules text and the map; HasModule) and Map. Scenarios
// are written for 3 or 4 characters; the data says nothing per count.
//
// # Maps
//
// A Map is the text grid: Rows, Cols, Indent per row, and Hexes (tiles
// only; gaps are absent), each a Coord{Row, Col} with its Code and decoded
// TileCode. A TileCode lists the Pieces the tile starts with: PieceUnknown
// (a Security tile: draw from the bag), guards, locks, cameras, dogs, cash
// (Value in $k), jewels, documents, USB, keycard and keycard door, gates
// (Label A..D), servers and remote locks (Label X/Y), kennel, safe,
// watchtower, reinforcements, NPC, item, tunnel, story beacon, entrances
// (Dir: the side that joins the building) and PieceStart (a character
// locked in under a remote lock). Map.Find(kind) and Map.Entrances() pick
// tiles by piece.
//
// Coordinates: Row counts lines from the top and Col cells from the left,
// gaps included. Rows alternate between flush and indented (half a hex to
// the right), starting either way, as Indent records. Geometry works in
// doubled-width coordinates (Doubled): X = 2·Col + indent, Y = Row, where
// the six directions E, SE, SW, W, NW, NE step (2,0), (1,1), (-1,1),
// (-2,0), (-1,-1), (1,-1). Helpers: Hex, InGrid, Step, Neighbours,
// TileNeighbours, Adjacent, Distance, DirTo, Line (a straight line to the
// edge), External (has a side facing no tile), EnclosedGap. Coord.Label
// names a cell for players ("c4" = Row 2, Col 3) and ParseLabel reads it.
// MinCharacters and MaxCharacters (3, 4) bound every scenario's crew.
package content
