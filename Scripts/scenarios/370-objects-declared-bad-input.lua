-- Bad input to the members every managed object has and to relationship sets. Both classes are declared
-- once (the managed object's fixed members before each entity's attributes and relationships, and
-- `RelationshipSet`), so every argument is checked in Lua's own words before anything happens, an unknown
-- key suggests the nearest member, a fixed member cannot be written, and a refused call leaves the
-- objects, their relationships and the context as they were.
local model = ripple.model {
  Playlist = { name = "string", songs = { toMany = "Song", inverse = "playlist", ordered = true } },
  Song = { title = "string", playlist = { toOne = "Playlist", inverse = "songs" } },
}
local ctx = ripple.container(model).viewContext
local list = ctx:insert("Playlist", { name = "Mix" })
local a, b = ctx:insert("Song", { title = "a" }), ctx:insert("Song", { title = "b" })
list.songs = { a, b }
ctx:save()

local function raised(f)
  local ok, err = pcall(f)
  if ok then return "no error" end
  return (tostring(err):gsub("^[^:]-([%w%-]+%.lua:%d+:)", "%1"))
end

local function titles()
  local out = {}
  for _, song in ipairs(list.songs:toArray()) do out[#out + 1] = song.title end
  return table.concat(out, " ")
end

local function unchanged()
  expect(ctx.hasChanges):toBe(false)
  expect(#ctx.registeredObjects):toBe(3)
  expect(list.name):toBe("Mix")
  expect(titles()):toBe("a b")
  expect(a.playlist):toBe(list)
  expect(list:changedValues()):toEqual({})
end

scenario("the managed object's methods check their arguments first", function()
  expect(raised(function() list:committedValues(5) end))
    :toBe("370-objects-declared-bad-input.lua:38: bad argument #1 to 'committedValues' (table expected, got number)")
  expect(raised(function() list:committedValues({ 5 }) end))
    :toBe("370-objects-declared-bad-input.lua:40: item 1: string expected, got number")
  expect(raised(function() list:recomputationCount({}) end))
    :toBe("370-objects-declared-bad-input.lua:42: bad argument #1 to 'recomputationCount' (string expected, got table)")
  expect(raised(function() list:mutableOrderedSetValueForKey(nil) end))
    :toBe("370-objects-declared-bad-input.lua:44: bad argument #1 to 'mutableOrderedSetValueForKey' (string expected, got nil)")
  expect(raised(function() list:mutableOrderedSetValueForKey("nmae") end))
    :toBe("370-objects-declared-bad-input.lua:46: [<Playlist Playlist#1> valueForUndefinedKey:]: the entity Playlist is not key value coding-compliant for the key \"nmae\".")
  expect(raised(function() list.changedValues(ctx) end))
    :toBe("370-objects-declared-bad-input.lua:48: bad argument #1 to 'changedValues' (Playlist expected, got ManagedObjectContext)")
  expect(raised(function() list.changedValues(a) end))
    :toBe("370-objects-declared-bad-input.lua:50: bad argument #1 to 'changedValues' (Playlist expected, got Song)")
  unchanged()
end)

scenario("unknown keys suggest the nearest member; fixed members are read-only", function()
  expect(raised(function() return list.isDeletd end))
    :toBe("370-objects-declared-bad-input.lua:56: [<Playlist Playlist#1> valueForUndefinedKey:]: the entity Playlist is not key value coding-compliant for the key \"isDeletd\". (did you mean 'isDeleted'?)")
  expect(raised(function() return list:changedValue() end))
    :toBe("370-objects-declared-bad-input.lua:58: [<Playlist Playlist#1> valueForUndefinedKey:]: the entity Playlist is not key value coding-compliant for the key \"changedValue\". (did you mean 'changedValues'?)")
  expect(raised(function() list.nmae = "x" end))
    :toBe("370-objects-declared-bad-input.lua:60: [<Playlist Playlist#1> setValue:forUndefinedKey:]: the entity Playlist is not key value coding-compliant for the key \"nmae\". (did you mean 'name'?)")
  expect(raised(function() list.isDeleted = true end))
    :toBe("370-objects-declared-bad-input.lua:62: attempt to set read-only property 'isDeleted' of Playlist")
  expect(raised(function() list.objectID = a.objectID end))
    :toBe("370-objects-declared-bad-input.lua:64: attempt to set read-only property 'objectID' of Playlist")
  unchanged()
end)

scenario("a relationship set's methods check their arguments first", function()
  local songs = list:mutableOrderedSetValueForKey("songs")
  expect(raised(function() songs:add("a") end))
    :toBe("370-objects-declared-bad-input.lua:71: bad argument #1 to 'add' (managed object expected, got string)")
  expect(raised(function() songs:remove(nil) end))
    :toBe("370-objects-declared-bad-input.lua:73: bad argument #1 to 'remove' (managed object expected, got nil)")
  expect(raised(function() songs:contains(songs) end))
    :toBe("370-objects-declared-bad-input.lua:75: bad argument #1 to 'contains' (managed object expected, got RelationshipSet)")
  expect(raised(function() songs:insertObject(a, "0") end))
    :toBe("370-objects-declared-bad-input.lua:77: bad argument #2 to 'insertObject' (number expected, got string)")
  expect(raised(function() songs:insertObject(a, 0.5) end))
    :toBe("370-objects-declared-bad-input.lua:79: bad argument #2 to 'insertObject' (number has no integer representation)")
  expect(raised(function() songs:removeObjectAtIndex() end))
    :toBe("370-objects-declared-bad-input.lua:81: bad argument #1 to 'removeObjectAtIndex' (number expected, got no value)")
  expect(raised(function() songs:replaceObjectAtIndex(a, 0) end))
    :toBe("370-objects-declared-bad-input.lua:83: bad argument #1 to 'replaceObjectAtIndex' (number expected, got Song)")
  expect(raised(function() songs:moveObjectsAtIndexes(0, 1) end))
    :toBe("370-objects-declared-bad-input.lua:85: bad argument #1 to 'moveObjectsAtIndexes' (table expected, got number)")
  expect(raised(function() songs:moveObjectsAtIndexes({ "x" }, 1) end))
    :toBe("370-objects-declared-bad-input.lua:87: moveObjectsAtIndexes: indexes[1] must be an integer, got string")
  expect(raised(function() songs:objectAtIndex(2) end))
    :toBe("370-objects-declared-bad-input.lua:89: *** -[__NSOrderedSetM objectAtIndex:]: index 2 beyond bounds [0 .. 1]")
  expect(raised(function() songs:indexOfObject(1) end))
    :toBe("370-objects-declared-bad-input.lua:91: bad argument #1 to 'indexOfObject' (managed object expected, got number)")
  expect(raised(function() songs.toArray(list) end))
    :toBe("370-objects-declared-bad-input.lua:93: bad argument #1 to 'toArray' (RelationshipSet expected, got Playlist)")
  unchanged()
end)

scenario("a relationship set's unknown keys suggest the nearest member; its count and methods are not written", function()
  local songs = list.songs
  expect(songs[1]):toBe(a)
  expect(songs[3]):toBeNil()
  expect(raised(function() return songs.cuont end))
    :toBe("370-objects-declared-bad-input.lua:102: [<RelationshipSet> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \"cuont\". (did you mean 'count'?)")
  expect(raised(function() return songs:toArry() end))
    :toBe("370-objects-declared-bad-input.lua:104: [<RelationshipSet> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \"toArry\". (did you mean 'toArray'?)")
  expect(raised(function() songs.count = 0 end))
    :toBe("370-objects-declared-bad-input.lua:106: attempt to set read-only property 'count' of RelationshipSet")
  expect(raised(function() songs.add = print end))
    :toBe("370-objects-declared-bad-input.lua:108: cannot replace the method 'add' of RelationshipSet")
  expect(raised(function() songs[1] = b end))
    :toBe("370-objects-declared-bad-input.lua:110: attempt to set unknown key of type number on RelationshipSet")
  expect(songs.count):toBe(2)
  expect(#songs):toBe(2)
  unchanged()
end)

scenario("model:class may not hide a declared member; the entity keeps no class", function()
  expect(raised(function() model:class("Song", { changedValuesForCurrentEvent = function() return {} end }) end))
    :toBe("370-objects-declared-bad-input.lua:118: model:class(\"Song\"): 'changedValuesForCurrentEvent' would hide the built-in member changedValuesForCurrentEvent of managed objects; choose another name")
  expect(raised(function() model:class("Song", { properties = { isInserted = function() return true end } }) end))
    :toBe("370-objects-declared-bad-input.lua:120: model:class(\"Song\"): 'isInserted' would hide the built-in member isInserted of managed objects; choose another name")
  expect(a:changedValuesForCurrentEvent()):toEqual({})
  expect(a.isInserted):toBe(false)
  expect(raised(function() return a.shout end))
    :toBe("370-objects-declared-bad-input.lua:124: [<Song Song#1> valueForUndefinedKey:]: the entity Song is not key value coding-compliant for the key \"shout\".")
  unchanged()
end)
