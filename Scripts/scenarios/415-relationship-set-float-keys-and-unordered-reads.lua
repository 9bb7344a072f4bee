-- A relationship set read with a float key, and NSMutableOrderedSet's reads on an unordered relationship.
-- `set[2.0]` is `set[2]` in Lua (a float with an integral value is the same key as that integer), but it
-- raised "not key value coding-compliant for the key "2.0"", and `set[2^53]` did too where `set[2^62]`
-- gave nil. `objectAtIndex` and `indexOfObject` answered for an unordered relationship, which has no
-- index (a plain NSMutableSet), where `insertObject` refuses it: both now refuse it in the same words.
-- Nothing changes: the objects, their relationships and the context stay as they were.
local model = ripple.model {
  Playlist = { name = "string", songs = { toMany = "Song", inverse = "playlist", ordered = true },
               tags = { toMany = "Tag", inverse = "lists" } },
  Song = { title = "string", playlist = { toOne = "Playlist", inverse = "songs" } },
  Tag = { label = "string", lists = { toMany = "Playlist", inverse = "tags" } },
}
local ctx = ripple.container(model).viewContext
local list = ctx:insert("Playlist", { name = "Mix" })
local a, b = ctx:insert("Song", { title = "a" }), ctx:insert("Song", { title = "b" })
local red = ctx:insert("Tag", { label = "red" })
list.songs = { a, b }
list.tags = { red }
ctx:save()

local function raised(f)
  local ok, err = pcall(f)
  if ok then return "no error" end
  return (tostring(err):gsub("^[^:]-([%w%-]+%.lua:%d+:)", "%1"))
end

local function unchanged()
  expect(ctx.hasChanges):toBe(false)
  expect(#ctx.registeredObjects):toBe(4)
  expect(#list.songs):toBe(2)
  expect(list.songs[1]):toBe(a)
  expect(list.songs[2]):toBe(b)
  expect(#list.tags):toBe(1)
  expect(red.lists[1]):toBe(list)
  expect(a.playlist):toBe(list)
end

scenario("a float key with an integral value reads the member of that index", function()
  local songs = list.songs
  expect(songs[1.0]):toBe(a)
  expect(songs[2.0]):toBe(b)
  expect(songs[#songs / 1]):toBe(b)
  expect(songs[3.0]):toBeNil()
  expect(songs[-0.0]):toBeNil()
  expect(songs[2^53]):toBeNil()
  expect(songs[2^63]):toBeNil()
  expect(songs[-2^63]):toBeNil()
  expect(songs[1e300]):toBeNil()
  expect(songs[math.maxinteger]):toBeNil()
  expect(songs[math.mininteger]):toBeNil()
  expect(raised(function() return songs[1.5] end))
    :toBe("415-relationship-set-float-keys-and-unordered-reads.lua:51: [<RelationshipSet> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \"1.5\".")
  unchanged()
end)

scenario("objectAtIndex and indexOfObject refuse an unordered relationship as insertObject does", function()
  local tags = list.tags
  expect(raised(function() return tags:objectAtIndex(0) end))
    :toBe("415-relationship-set-float-keys-and-unordered-reads.lua:58: 'tags' of Playlist is not an ordered relationship: -[Playlist objectAtIndex:] needs one (declare it with ordered = true).")
  expect(raised(function() return tags:indexOfObject(red) end))
    :toBe("415-relationship-set-float-keys-and-unordered-reads.lua:60: 'tags' of Playlist is not an ordered relationship: -[Playlist indexOfObject:] needs one (declare it with ordered = true).")
  expect(raised(function() tags:insertObject(red, 0) end))
    :toBe("415-relationship-set-float-keys-and-unordered-reads.lua:62: 'tags' of Playlist is not an ordered relationship: -[Playlist insertObject:atIndex:] needs one (declare it with ordered = true).")
  -- The arguments are checked first, as declared.
  expect(raised(function() return tags:objectAtIndex("0") end))
    :toBe("415-relationship-set-float-keys-and-unordered-reads.lua:65: bad argument #1 to 'objectAtIndex' (number expected, got string)")
  -- The ordered relationship still answers.
  expect(list.songs:objectAtIndex(1)):toBe(b)
  expect(list.songs:indexOfObject(a)):toBe(0)
  expect(red.lists:contains(list)):toBe(true)
  unchanged()
end)
