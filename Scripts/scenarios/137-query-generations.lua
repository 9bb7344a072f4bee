-- Query generations: ctx:setQueryGenerationFrom("current") pins a context to the saved rows as they are; other
-- contexts' saves do not reach its fetches or faults until it saves, merges, is reset or is given another
-- generation (then it moves to the current one); nil unpins. SQLite stores only, as in Core Data.
local model = ripple.model { Note = { title = "string" } }
local container = ripple.container(model, { store = "sqlite", path = ripple.temporaryPath("generations.sqlite") })
local writer = container:newBackgroundContext()
local reader = container.viewContext
writer:performAndWait(function()
  writer:insert("Note", { title = "one" })
  writer:save()
end)

local function titles(ctx)
  local out = {}
  for i, n in ipairs(ctx:fetch { entity = "Note", sortDescriptors = { "title" } }) do out[i] = n.title end
  return table.concat(out, ",")
end

local function write(fn)
  writer:performAndWait(function() fn(); writer:save() end)
end

scenario("a pinned context keeps reading its generation until it advances", function()
  expect(reader.queryGenerationToken):toBeNil()
  reader:setQueryGenerationFrom("current")
  local pinned = reader.queryGenerationToken
  expect(tostring(pinned)):toBe("QueryGenerationToken(1)")
  write(function()
    writer:insert("Note", { title = "two" })
    writer:fetch { entity = "Note", predicate = "title == 'one'" }[1].title = "uno"
  end)
  expect(titles(reader)):toBe("one")                 -- neither the insert nor the edit
  expect(reader.queryGenerationToken):toBe(pinned)
  reader:setQueryGenerationFrom("current")           -- advance
  expect(titles(reader)):toBe("one,two")             -- the insert; Note#1 is registered and keeps what it read
  local one = reader:fetch { entity = "Note", predicate = "title == 'one'" }[1]
  reader:refresh(one, false)
  expect(one.title):toBe("uno")                      -- a fault of the new generation
  expect(tostring(reader.queryGenerationToken)):toBe("QueryGenerationToken(2)")
end)

scenario("faults fulfil from the generation; a save, a merge or a reset moves to the current one", function()
  reader:setQueryGenerationFrom("current")
  local two = reader:fetch { entity = "Note", predicate = "title == 'two'" }[1]
  reader:refresh(two, false)                         -- a fault again
  write(function() writer:fetch { entity = "Note", predicate = "title == 'two'" }[1].title = "deux" end)
  expect(two.title):toBe("two")                      -- fulfilled from the pinned rows
  local before = reader.queryGenerationToken
  reader:insert("Note", { title = "three" })
  reader:save()
  expect(reader.queryGenerationToken == before):toBe(false)
  expect(titles(reader)):toBe("three,two,uno")       -- Note#2 keeps what it read
  reader:refresh(two, false)
  expect(two.title):toBe("deux")                     -- the new generation has the writer's edit
  local saved
  local t = ripple.observe(writer, "didSave", function(note) saved = note end)
  write(function() writer:insert("Note", { title = "four" }) end)
  t:cancel()
  expect(titles(reader)):toBe("deux,three,uno")
  local beforeMerge = reader.queryGenerationToken
  reader:mergeChangesFromContextDidSave(saved)
  expect(reader.queryGenerationToken == beforeMerge):toBe(false)
  expect(titles(reader)):toBe("deux,four,three,uno")
  local afterSave = reader.queryGenerationToken
  reader:reset()
  expect(reader.queryGenerationToken == afterSave):toBe(false)
  reader:setQueryGenerationFrom(nil)
  expect(reader.queryGenerationToken):toBeNil()
end)

scenario("a token of another context pins to the same generation; bad arguments are refused", function()
  local other = container:newBackgroundContext()
  other:performAndWait(function() other:setQueryGenerationFrom("current") end)
  local token = other:performAndWait(function() return other.queryGenerationToken end)
  reader:setQueryGenerationFrom(token)
  expect(reader.queryGenerationToken):toBe(token)
  reader:setQueryGenerationFrom(nil)
  expect(function() reader:setQueryGenerationFrom("latest") end):toRaise(
    "bad argument #1 to 'setQueryGenerationFrom' (\"current\", a QueryGenerationToken or nil expected, got 'latest')")
  local memory = ripple.container(model).viewContext
  expect(function() memory:setQueryGenerationFrom("current") end):toRaise(
    "Query generations are only supported by SQLite stores; the store memory is an in-memory store.")
  expect(function() memory:setQueryGenerationFrom(token) end):toRaise(
    "QueryGenerationToken(")
  expect(memory.queryGenerationToken):toBeNil()
  local child = reader:newChildContext()
  expect(function() child:setQueryGenerationFrom("current") end):toRaise("child#1 is a child context")
end)
