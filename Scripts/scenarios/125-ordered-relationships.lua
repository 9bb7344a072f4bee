-- Ordered to-many relationships: a list written sets the order, NSMutableOrderedSet's operations (0-based
-- indexes) change it, inverses follow, and the order survives a SQLite save and a reload.
local model = ripple.model {
  Playlist = { name = "string", songs = { toMany = "Song", inverse = "playlist", ordered = true } },
  Song = { title = "string", playlist = { toOne = "Playlist", inverse = "songs" } },
}
local path = ripple.temporaryPath("ordered.sqlite")
local ctx = ripple.container(model, { store = "sqlite", path = path }).viewContext
local list = ctx:insert("Playlist", { name = "Mix" })
local a, b, c, d = ctx:insert("Song", { title = "a" }), ctx:insert("Song", { title = "b" }),
                   ctx:insert("Song", { title = "c" }), ctx:insert("Song", { title = "d" })

local function titles(playlist)
  local out = {}
  for _, song in ipairs(playlist.songs:toArray()) do out[#out + 1] = song.title end
  return table.concat(out, " ")
end

scenario("writing a list sets the order; reads give it", function()
  list.songs = { c, a, b }
  expect(titles(list)):toBe("c a b")
  expect(list.songs[1]):toBe(c)
  expect(a.playlist):toBe(list)
  list.songs = { b, c, a }
  expect(titles(list)):toBe("b c a")
end)

scenario("insert, move, replace and remove at 0-based indexes, inverses kept", function()
  local songs = list:mutableOrderedSetValueForKey("songs")
  songs:insertObject(d, 1)
  expect(titles(list)):toBe("b d c a")
  expect(d.playlist):toBe(list)
  songs:moveObjectsAtIndexes({ 0, 1 }, 2)           -- b and d leave, then go in after "c a"
  expect(titles(list)):toBe("c a b d")
  songs:replaceObjectAtIndex(0, d)                  -- d takes c's place (and leaves its own)
  expect(titles(list)):toBe("d a b")
  expect(c.playlist):toBeNil()
  songs:removeObjectAtIndex(2)
  expect(titles(list)):toBe("d a")
  expect(b.playlist):toBeNil()
  expect(songs:objectAtIndex(1)):toBe(a)
  expect(songs:indexOfObject(a)):toBe(1)
  expect(songs:indexOfObject(b)):toBeNil()
  b.playlist = list                                 -- the inverse appends
  expect(titles(list)):toBe("d a b")
end)

scenario("the order survives a SQLite save and a reload in a fresh container", function()
  list.songs = { c, b, d, a }
  ctx:save()
  local fresh = ripple.container(model, { store = "sqlite", path = path }).viewContext
  expect(titles(fresh:fetch { entity = "Playlist" }[1])):toBe("c b d a")
  list:mutableOrderedSetValueForKey("songs"):moveObjectsAtIndexes({ 3 }, 0)
  expect(list.hasChanges):toBe(true)
  ctx:save()
  local again = ripple.container(model, { store = "sqlite", path = path }).viewContext
  expect(titles(again:fetch { entity = "Playlist" }[1])):toBe("a c b d")
end)

scenario("indexes out of range are NSRangeException's words; nothing changes", function()
  local songs = list:mutableOrderedSetValueForKey("songs")
  expect(function() songs:insertObject(ctx:insert("Song", { title = "e" }), 9) end):toRaise(
    "*** -[__NSOrderedSetM insertObject:atIndex:]: index 9 beyond bounds [0 .. 4]")
  expect(function() songs:removeObjectAtIndex(4) end):toRaise(
    "*** -[__NSOrderedSetM removeObjectAtIndex:]: index 4 beyond bounds [0 .. 3]")
  expect(function() songs:moveObjectsAtIndexes({ 0 }, 4) end):toRaise(
    "*** -[__NSOrderedSetM moveObjectsAtIndexes:toIndex:]: index 4 beyond bounds [0 .. 3]")
  expect(function() songs:objectAtIndex(-1) end):toRaise("index -1 beyond bounds [0 .. 3]")
  expect(titles(list)):toBe("a c b d")
  expect(list.hasChanges):toBe(false)
  ctx:rollback()
end)

scenario("only ordered to-many relationships take ordered operations", function()
  expect(function() a:mutableOrderedSetValueForKey("playlist") end):toRaise(
    "mutableOrderedSetValueForKey: 'playlist' of Song is not an ordered to-many relationship (declare it with ordered = true)")
  expect(function() ripple.model { A = { b = { toOne = "A", ordered = true } } } end):toRaise(
    "entity A, key b: only a to-many relationship can be ordered")
  local plain = ripple.model { Bag = { things = { toMany = "Thing", inverse = "bag" } }, Thing = { bag = { toOne = "Bag", inverse = "things" } } }
  local c2 = ripple.container(plain).viewContext
  local bag = c2:insert("Bag", {})
  local thing = c2:insert("Thing", { bag = bag })
  expect(function() bag.things:insertObject(thing, 0) end):toRaise(
    "'things' of Bag is not an ordered relationship: -[Bag insertObject:atIndex:] needs one (declare it with ordered = true).")
end)

scenario("merging by property keeps a reorder, which changes no member", function()
  local store = ripple.temporaryPath("ordered-merge.sqlite")
  local c = ripple.container(model, { store = "sqlite", path = store })
  local first, second = c.viewContext, c:newBackgroundContext()
  local mix = first:insert("Playlist", { name = "m" })
  local x, y = first:insert("Song", { title = "x" }), first:insert("Song", { title = "y" })
  mix.songs = { x, y }
  first:save()
  second:performAndWait(function()
    local theirs = second:fetch { entity = "Playlist" }[1]
    theirs.name = "theirs"
    second:save()
  end)
  first.mergePolicy = "mergeByPropertyStoreTrump"
  mix.songs = { y, x }
  first:save()
  local again = ripple.container(model, { store = "sqlite", path = store }).viewContext
  local saved = again:fetch { entity = "Playlist" }[1]
  expect(saved.name):toBe("theirs")
  expect(titles(saved)):toBe("y x")
end)
