-- Two connections on one SQLite file (two containers, as two processes would have): numbers are taken
-- inside the write transaction, so no save replaces another's row; a row changed by the other
-- connection is a merge conflict; identifiers are quoted.
local path = ripple.temporaryPath("scenario-84.sqlite")
local model = ripple.model { Customer = { name = "string" } }
local function open() return ripple.container(model, { store = "sqlite", path = path, busyTimeout = 100 }).viewContext end
local a, b = open(), open()

scenario("both connections insert object 1: the second save takes the next free number", function()
  local x = a:insert("Customer", { name = "from A" })
  local y = b:insert("Customer", { name = "from B" })
  expect(tostring(x)):toBe("Customer#1")
  expect(tostring(y)):toBe("Customer#1")
  a:save()
  b:save()
  expect(tostring(y)):toBe("Customer#2")
  expect(y.objectID.uriRepresentation):toBe("x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p2")
  local names = {}
  for i, o in ipairs(open():fetch { entity = "Customer", sortDescriptors = { "name" } }) do names[i] = tostring(o) .. " " .. o.name end
  expect(names):toEqual({ "Customer#1 from A", "Customer#2 from B" })
  expect(tostring(b:insert("Customer", { name = "next" }))):toBe("Customer#3")
  b:rollback()
end)

scenario("a row the other connection changed is a conflict: 133020, then merged by policy", function()
  local c, d = open(), open()
  local mine = c:fetch { entity = "Customer", predicate = "name == 'from A'" }[1]
  local theirs = d:fetch { entity = "Customer", predicate = "name == 'from A'" }[1]
  mine.name = "edited by c"
  c:save()
  theirs.name = "edited by d"
  expect(function() d:save() end):toRaise(
    'Code=133020 "Could not merge changes." UserInfo={conflictList=(NSMergeConflict for Customer#1 <x-coredata://52495050-4C45-4000-8000-000000000001/Customer/p1> with oldVersion = 1 and newVersion = 2 and old object snapshot = {name = "from A"} and new cached row = {name = "edited by c"})}')
  expect(open():fetch { entity = "Customer", predicate = "SELF == %@", arguments = { mine.objectID } }[1].name):toBe("edited by c")
  d.mergePolicy = "mergeByPropertyObjectTrump"
  d:save()
  expect(open():fetch { entity = "Customer", predicate = "SELF == %@", arguments = { mine.objectID } }[1].name):toBe("edited by d")
end)

scenario("uniqueness constraints see the other connection's rows", function()
  local tagPath = ripple.temporaryPath("scenario-84-tags.sqlite")
  local tags = ripple.model { Tag = { name = "string", uniquenessConstraints = { { "name" } } } }
  local one = ripple.container(tags, { store = "sqlite", path = tagPath }).viewContext
  local two = ripple.container(tags, { store = "sqlite", path = tagPath }).viewContext
  one:insert("Tag", { name = "swift" })
  two:insert("Tag", { name = "swift" })
  one:save()
  expect(function() two:save() end):toRaise("Code=133021")
  expect(#two.insertedObjects):toBe(1)
end)

scenario("entity and attribute names are quoted in the schema", function()
  local oddPath = ripple.temporaryPath("scenario-84-odd.sqlite")
  local odd = ripple.model { ['Note"; DROP TABLE Z_METADATA; --'] = { ['text"x'] = "string" } }
  local ctx = ripple.container(odd, { store = "sqlite", path = oddPath }).viewContext
  ctx:insert('Note"; DROP TABLE Z_METADATA; --', { ['text"x'] = "kept" })
  ctx:save()
  local again = ripple.container(odd, { store = "sqlite", path = oddPath }).viewContext
  expect(again:fetch { entity = 'Note"; DROP TABLE Z_METADATA; --' }[1]['text"x']):toBe("kept")
end)

scenario("busyTimeout must be a number of milliseconds", function()
  expect(function() ripple.container(model, { store = "sqlite", path = path, busyTimeout = "long" }) end):toRaise(
    "busyTimeout must be a non-negative integer (milliseconds), got long")
end)
