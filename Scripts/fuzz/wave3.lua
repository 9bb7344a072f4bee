-- The fuzzer's calls on the wave-3 API (docs/reliability.md): models loaded from files (the fixtures, and
-- hostile XML made from them), managed-object classes with lifecycle callbacks, ordered relationships,
-- every attribute type, SQLite stores in Core Data's layout (open, save, reopen, metadata), permanent IDs,
-- background tasks, batch inserts with handlers, undo grouping, persistent history with tombstones and query
-- generations. Loaded by fuzz.lua, which passes its helpers in `F`; returns the model additions, a set-up
-- and one random action. Every call goes through F.try, so every error must carry a file:line.

return function(F)
  local R, pick, chance, try, keep, arg = F.R, F.pick, F.chance, F.try, F.keep, F.arg
  local W = {}

  -- {================ model additions ================}
  -- Attribute types and their plausible values, beyond fuzz.lua's own seven.
  W.TYPES = { "decimal", "uri", "integer16", "integer32", "float", "transformable" }
  function W.sampleOf(t)
    if t == "decimal" then return pick { "0.1", "-12.50", 3, "1e-3", "12345678901234567890123456789012345678", "nope", 0 / 0 }
    elseif t == "uri" then return pick { "https://example.com/a", "x-coredata://A/B/p1", "not a uri", "a:%zz" }
    elseif t == "integer16" then return pick { 0, 32767, 32768, -32769, math.maxinteger }
    elseif t == "integer32" then return pick { 1, 2147483647, 2147483648, math.mininteger }
    elseif t == "float" then return pick { 0.1, 1e39, -0.0, 0 / 0 }
    else return pick { { 1, 2 }, "colour", 42, true } end
  end
  -- The spec of an attribute of type `t` (transformables name a transformer, registered at set-up).
  function W.attributeSpec(t, optional)
    if t == "transformable" then
      return { optional and "transformable?" or "transformable", valueTransformerName = pick { "FuzzTransformer", "FuzzBroken" } }
    end
    if chance(4) then return { optional and (t .. "?") or t, preservesValueInHistoryOnDeletion = true } end
    return optional and (t .. "?") or t
  end

  -- {================ files ================}
  local root = F.folder .. "/../.."
  -- Each fixture: the path loadModel takes, and its XML (the `contents` file of its model or current version).
  local FIXTURES = {
    { "Shop.xcdatamodel", "Shop.xcdatamodel/contents" },
    { "Lifts.xcdatamodel", "Lifts.xcdatamodel/contents" },
    { "Staff.xcdatamodel", "Staff.xcdatamodel/contents" },
    { "Templates.xcdatamodel", "Templates.xcdatamodel/contents" },
    { "TestModel.xcdatamodeld", "TestModel.xcdatamodeld/TestModel.xcdatamodel/contents" },
    { "SampleModel.xcdatamodeld", "SampleModel.xcdatamodeld/SampleModel.xcdatamodel/contents" },
    { "CoreStoreTests.xcdatamodeld", "CoreStoreTests.xcdatamodeld/Model.xcdatamodel/contents" },
    { "ExampleModel.xcdatamodeld", "ExampleModel.xcdatamodeld/Version 3.xcdatamodel/contents" },
  }
  local fixtures = root .. "/Tests/Fixtures/Models/"
  local fixtureTexts = {}
  local function fixtureText(i)
    if fixtureTexts[i] == nil then
      local file = io.open(fixtures .. FIXTURES[i][2], "rb")
      fixtureTexts[i] = file and file:read("a") or ""
      if file then file:close() end
    end
    return fixtureTexts[i]
  end

  -- Scratch files live in the run's own folder (ripple.temporaryPath, removed when the run ends); eight
  -- names per kind, reused, so a seed's files stay few. F.shortPath hides the folder in what is printed.
  local fileCount = 0
  local function scratch(suffix)
    fileCount = fileCount + 1
    return ripple.temporaryPath("fuzz-" .. fileCount % 8 .. suffix)
  end
  local function writeFile(path, text)
    local file = io.open(path, "wb")
    if file == nil then return false end
    file:write(text)
    file:close()
    return true
  end

  -- A model file made hostile: a fixture mutated (bytes flipped, cut, repeated), or XML built to hurt.
  local function hostileXML()
    local r = R(10)
    local text = fixtureText(R(#FIXTURES))
    if r <= 4 and #text > 0 then
      local bytes = { text }
      for _ = 1, R(1, 6) do
        local s = bytes[1]
        local at = R(1, #s)
        local m = R(5)
        if m == 1 then s = s:sub(1, at - 1) .. string.char(R(0, 255)) .. s:sub(at + 1)
        elseif m == 2 then s = s:sub(1, at)
        elseif m == 3 then s = s:sub(1, at) .. s:sub(at, at + R(1, 400)):rep(R(1, 50)) .. s:sub(at + 1)
        elseif m == 4 then s = s:sub(1, at) .. pick { "<entity name=\"X\">", "</entity>", "&lt;", "&#0;", "&#xD800;",
          "<![CDATA[", "]]>", "<!--", "\"", "attributeType=\"Nope\"", "toMany=\"YES\"", "<relationship name=\"r\" destinationEntity=\"Nope\"/>" } .. s:sub(at + 1)
        else s = s:gsub(pick { "Integer 16", "String", "YES", "Nullify", "Cascade", "name=\"", "inverseName" },
          pick { "Decimal", "Transformable", "NO", "Deny", "Nope", "name=\"\"", "inverseName=\"x\" y" }, R(1, 3)) end
        bytes[1] = s
      end
      return bytes[1]
    end
    local head = '<?xml version="1.0" encoding="UTF-8"?>\n'
    if r == 5 then return head .. string.rep("<a>", R(100, 20000)) .. string.rep("</a>", R(0, 20000)) end
    if r == 6 then   -- entity expansion (the "billion laughs" shape)
      return head .. '<!DOCTYPE model [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
        .. '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>'
        .. '<model><entity name="&d;"/></model>'
    end
    if r == 7 then
      local parts = { head, "<model>" }
      for i = 1, R(1, 300) do
        parts[#parts + 1] = string.format('<entity name="E%d" parentEntity="E%d"><attribute name="a" attributeType="%s"/>'
          .. '<relationship name="r" destinationEntity="E%d" inverseName="r" inverseEntity="E%d" toMany="%s"/></entity>',
          i, R(0, i + 1), pick { "String", "Integer 64", "Decimal", "URI", "UUID", "Binary", "Transformable", "Float", "Nope" },
          R(1, i + 1), R(1, i + 1), pick { "YES", "NO" })
      end
      parts[#parts + 1] = "</model>"
      return table.concat(parts)
    end
    if r == 8 then return "\0\255\254" .. string.rep("<", R(1, 1000)) end
    if r == 9 then return head .. '<model><entity name="' .. string.rep("é", R(1, 30000)) .. '"/></model>' end
    return ""
  end

  -- {================ state ================}
  local models = {}          -- models the wave-3 calls made (loaded or built)
  local stores = {}          -- SQLite paths of containers made here
  local ordered = {}         -- objects with an ordered relationship: { object, key }

  local function someModel()
    if #models > 0 and not chance(4) then return pick(models) end
    return F.model
  end
  local function someContext()
    return pick(F.contexts)
  end
  -- Runs `body` on `ctx`'s queue (performAndWait) two times in three, as Core Data wants, else directly.
  local function onQueue(ctx, body)
    if chance(3) then return body() end
    return ctx:performAndWait(body)
  end
  local function someObject()
    for _ = 1, 6 do
      local v = F.userdataFromPool()
      if v ~= nil then
        local ok, name = pcall(function() return v.entityName end)
        if ok and type(name) == "string" then return v end
      end
    end
    return nil
  end

  -- {================ actions ================}
  local actions = {}

  actions[#actions + 1] = function()   -- load a fixture, or a hostile file
    local path, version
    if chance(2) then
      path = fixtures .. pick(FIXTURES)[1]
      if path:find("ExampleModel") and chance(2) then version = pick { "Version 1", "Version 2", "Version 3", "Nope", "" } end
    else
      path = scratch(".xml")      -- a model's `contents` file, given by its own path
      if not writeFile(path, hostileXML()) then return end
    end
    F.setAction("wave3 loadModel " .. F.shortPath(path))
    try(function()
      local model, warnings = ripple.loadModel(path, version and { version = version } or (chance(8) and arg() or nil))
      keep(model); keep(warnings)
      if model ~= nil and #models < 6 then models[#models + 1] = model end
      if model ~= nil and chance(2) then
        local container = ripple.container(model)
        keep(container)
        local entity = pick(model.entities)
        if entity then keep(container.viewContext:insert(entity, {})) end
      end
      return model
    end)
  end

  actions[#actions + 1] = function()   -- a class with callbacks on an entity
    local model = someModel()
    F.setAction("wave3 model:class")
    try(function()
      local entity = chance(10) and arg() or pick(model.entities)
      local methods = {}
      for _, name in ipairs { "awakeFromInsert", "awakeFromFetch", "willSave", "didSave", "prepareForDeletion",
                              "willTurnIntoFault", "didTurnIntoFault", "validateForInsert", "validateForUpdate",
                              "validateForDelete" } do
        if chance(2) then methods[name] = chance(12) and arg() or F.callback() end
      end
      if chance(2) then methods["validate" .. pick { "A1", "A2", "Name", "R11" }] = F.callback() end
      if chance(3) then methods.properties = { computed = F.callback(), [pick { "a1", "objectID", "x" }] = F.callback() } end
      if chance(3) then methods.helper = F.callback() end
      if chance(10) then methods[pick { "nope", 1, "init" }] = arg() end
      return model:class(entity, methods)
    end)
  end

  actions[#actions + 1] = function()   -- an ordered relationship's live set
    local entry = #ordered > 0 and pick(ordered)
    if not entry then return end
    local object, key = entry[1], entry[2]
    local op = R(8)
    F.setAction("wave3 ordered set op " .. op)
    try(function()
      local set = object:mutableOrderedSetValueForKey(chance(10) and F.keyName() or key)
      keep(set)
      local other = someObject()
      local index = pick { 0, 1, 2, -1, 99, math.maxinteger, 0.5, 0 / 0 }
      if op == 1 then set:insertObject(other, index)
      elseif op == 2 then set:removeObjectAtIndex(index)
      elseif op == 3 then set:replaceObjectAtIndex(index, other)
      elseif op == 4 then set:moveObjectsAtIndexes({ index, R(0, 3), pick { 0, 1, 1 } }, R(-1, 4))
      elseif op == 5 then return set:objectAtIndex(index)
      elseif op == 6 then return set:indexOfObject(other)
      elseif op == 7 then object[key] = { other, someObject(), other }
      else return set:toArray() end
    end)
  end

  actions[#actions + 1] = function()   -- a SQLite store: open, save, reopen, metadata
    local path = (#stores > 0 and chance(2)) and pick(stores) or scratch(".sqlite")
    local op = R(6)
    F.setAction("wave3 sqlite " .. op .. " " .. F.shortPath(path))
    try(function()
      if op == 6 and chance(2) then writeFile(path, pick { "not a database", "SQLite format 3\0" .. string.rep("\255", 200), "" }) end
      local options = { store = "sqlite", path = path, persistentHistoryTracking = chance(2), remoteChangeNotificationPost = chance(3) }
      if chance(8) then options.busyTimeout = pick { 0, -1, 10, math.maxinteger } end
      local container = ripple.container(chance(6) and F.model or someModel(), options)
      keep(container)
      if #stores < 4 then stores[#stores + 1] = path end
      local ctx = container.viewContext
      keep(ctx)
      if #F.contexts < 8 then F.contexts[#F.contexts + 1] = ctx end
      local coordinator = container.persistentStoreCoordinator
      keep(coordinator)
      local store = coordinator.persistentStores[1]
      keep(store)
      if op == 1 then
        local metadata = coordinator:metadataForPersistentStore(store)
        keep(metadata)
        if type(metadata) == "table" then metadata.fuzz = pick { 1, "x", arg() } end
        coordinator:setMetadata(chance(6) and arg() or metadata, chance(8) and arg() or store)
        ctx:save()
      elseif op == 2 then
        local e = pick(F.entities)
        for _ = 1, R(1, 4) do keep(ctx:insert(e, F.valuesTable(e))) end
        ctx:save()
      elseif op == 3 then
        keep(ctx:fetch(F.fetchRequest()))
      elseif op == 4 then
        container:removePersistentStore()
        container:addPersistentStore(options)
      else
        keep(coordinator:managedObjectID(pick { "x-coredata://ripple/E1/p1", "x-coredata:///E1/t1", arg() }))
      end
    end)
  end

  actions[#actions + 1] = function()   -- permanent IDs
    local ctx = someContext()
    F.setAction("wave3 obtainPermanentIDs")
    try(function() return onQueue(ctx, function()
      local objects = ctx.insertedObjects
      if chance(4) then objects[#objects + 1] = chance(2) and someObject() or arg() end
      if chance(8) then objects = arg() end
      ctx:obtainPermanentIDs(objects)
      for _, o in ipairs(type(objects) == "table" and objects or {}) do
        if type(o) == "userdata" then pcall(function() keep(o.objectID) end) end
      end
    end) end)
  end

  actions[#actions + 1] = function()   -- a background task
    F.setAction("wave3 performBackgroundTask")
    try(function()
      local container = F.userdataOfClass("PersistentContainer") or F.container
      container:performBackgroundTask(function(ctx)
        keep(ctx)
        local e = pick(F.entities)
        keep(ctx:insert(e, F.valuesTable(e)))
        if chance(3) then error(pick { "task raised", F.FUZZ_ERROR }) end
        if chance(2) then ctx:save() end
        if chance(4) then F.step() end
      end)
      if chance(2) then ripple.tick() end
    end)
  end

  actions[#actions + 1] = function()   -- a batch insert with a handler
    local ctx = someContext()
    local e = chance(10) and F.entityName() or pick(F.entities)
    local kind = R(3)
    F.setAction("wave3 batchInsertRequest " .. kind)
    try(function() return onQueue(ctx, function()
      local calls, stop = 0, R(0, 6)
      local request
      if kind == 1 then
        request = ripple.batchInsertRequest { entity = e, dictionaryHandler = function(values)
          calls = calls + 1
          if calls > stop then return true end
          if chance(12) then error(pick { "handler raised", F.FUZZ_ERROR }) end
          for k, v in pairs(F.valuesTable(e)) do values[k] = v end
          if chance(10) then return arg() end
          return false
        end }
      elseif kind == 2 then
        request = ripple.batchInsertRequest { entity = e, managedObjectHandler = function(object)
          calls = calls + 1
          if calls > stop then return true end
          keep(object)
          for k, v in pairs(F.valuesTable(e)) do object[k] = v end
          if chance(12) then F.step() end
          return false
        end }
      else
        local objects = {}
        for i = 1, R(0, 5) do objects[i] = F.valuesTable(e) end
        request = ripple.batchInsertRequest { entity = e, objects = objects, resultType = pick { "count", "objectIDs", "statusOnly", "nope" } }
      end
      keep(request)
      local result = ctx:execute(request)
      keep(result)
      return result
    end) end)
  end

  actions[#actions + 1] = function()   -- undo grouping
    local ctx = someContext()
    local op = R(9)
    F.setAction("wave3 undo " .. op)
    try(function() return onQueue(ctx, function()
      local manager = ctx.undoManager
      if manager == nil or chance(20) then
        manager = ripple.undoManager()
        ctx.undoManager = manager
      end
      keep(manager)
      if op == 1 then manager:beginUndoGrouping()
      elseif op == 2 then manager:endUndoGrouping()
      elseif op == 3 then manager:undoNestedGroup()
      elseif op == 4 then ctx:undo()
      elseif op == 5 then ctx:redo()
      elseif op == 6 then manager:setActionName(chance(4) and arg() or "Edit")
      elseif op == 7 then manager.groupsByEvent = chance(2)
      elseif op == 8 then manager.levelsOfUndo = pick { 0, 1, 3, -1, math.maxinteger }
      else
        local e = pick(F.entities)
        manager:beginUndoGrouping()
        keep(ctx:insert(e, F.valuesTable(e)))
        if chance(2) then ctx:processPendingChanges() end
        manager:endUndoGrouping()
      end
    end) end)
  end

  actions[#actions + 1] = function()   -- persistent history, tombstones
    local ctx = someContext()
    local op = R(5)
    F.setAction("wave3 history " .. op)
    try(function() return onQueue(ctx, function()
      local coordinator = (F.userdataOfClass("PersistentContainer") or F.container).persistentStoreCoordinator
      if op == 1 then ctx.transactionAuthor = pick { "app", "sync", "", arg() }
      elseif op == 2 then
        local token = coordinator:currentPersistentHistoryToken()
        keep(token)
        keep(ctx:execute(ripple.historyRequest { after = chance(3) and arg() or token }))
      elseif op == 3 then
        local result = ctx:execute(ripple.historyRequest { after = pick { 0, -1, 1e300, 0 / 0 } })
        keep(result)
        if type(result) == "table" and type(result.result) == "table" then
          for _, transaction in ipairs(result.result) do
            keep(transaction)
            for _, change in ipairs(type(transaction.changes) == "table" and transaction.changes or {}) do keep(change.tombstone) end
          end
        end
      elseif op == 4 then
        keep(ctx:execute(ripple.historyRequest { fetchRequest = { predicate = pick { "author != %@", "author == nil", "nope ==" }, arguments = { arg() } } }))
      else
        local victim = someObject()
        if victim then ctx:delete(victim) end
        ctx:save()
      end
    end) end)
  end

  actions[#actions + 1] = function()   -- query generations
    local ctx = someContext()
    F.setAction("wave3 query generation")
    try(function() return onQueue(ctx, function()
      local token = ctx.queryGenerationToken
      keep(token)
      local choice = R(5)
      if choice == 1 then ctx:setQueryGenerationFrom("current")
      elseif choice == 2 then ctx:setQueryGenerationFrom(nil)
      elseif choice == 3 then ctx:setQueryGenerationFrom(token)
      elseif choice == 4 then ctx:setQueryGenerationFrom(arg())
      else keep(ctx:fetch(F.fetchRequest())) end
    end) end)
  end

  actions[#actions + 1] = function()   -- values of every type written straight to objects
    local object = someObject()
    if object == nil then return end
    local t = pick(W.TYPES)
    F.setAction("wave3 typed write " .. t)
    try(function()
      local key = F.keyName(object.entityName)
      object[key] = W.sampleOf(t)
      return object[key]
    end)
  end

  -- Lua's pattern functions (Ripple's own matcher, CLuaShim/Patterns.c): random and malformed patterns on
  -- object values and hostile strings, replacements that raise, re-enter the API or return junk, and
  -- exponential patterns kept small enough to end (the campaigns run without an instruction limit).
  local ATOMS = { "a", ".", "%a", "%d", "%s", "%w", "%W", "%z", "%%", "[ab]", "[^a]", "[a-c]", "[]]", "(", ")", "()",
                  "%1", "%2", "%0", "%b()", "%bab", "%f[%w]", "%f[^%z]", "^", "$", "\0", "[", "%", "%f", "%b", "[%a-]" }
  local QUANTS = { "", "", "*", "+", "-", "?" }
  local function pattern()
    local r = R(12)
    if r == 1 then local n = R(1, 16); return ("a?"):rep(n) .. ("a"):rep(n) end
    if r == 2 then return ("("):rep(R(1, 40)) .. "a" .. (")"):rep(R(0, 40)) end
    if r == 3 then return (".?"):rep(R(100, 400)) end
    if r == 4 then return F.junk() end
    local t = {}
    for i = 1, R(0, 8) do t[i] = pick(ATOMS) .. pick(QUANTS) end
    return table.concat(t)
  end
  local function subject()
    local r = R(6)
    if r == 1 then local o = someObject(); return o and tostring(o) or "" end
    if r == 2 then return ("a"):rep(R(0, 40)) end
    if r == 3 then return F.junk() end
    return pick { "key = value", "(a(b)c)", "aaa bbb", "", "\0\1\2", "é", "x%1y" }
  end
  actions[#actions + 1] = function()
    local which = R(4)
    F.setAction("wave3 pattern " .. which)
    try(function()
      local s, p = subject(), pattern()
      local init = chance(4) and arg() or nil
      if which == 1 then return string.find(s, p, init, chance(5) or nil)
      elseif which == 2 then return string.match(s, p, init)
      elseif which == 3 then
        local n = 0
        for a in string.gmatch(s, p, init) do
          keep(a); n = n + 1
          if n > 50 then break end
          if chance(20) then F.step() end
        end
        return n
      else
        local replacement = pick { "%0", "%1", "<%2>", "%%", "%", "", { a = "A", b = false, c = {} }, F.callback(), arg() }
        return string.gsub(s, p, replacement, chance(3) and arg() or nil)
      end
    end)
  end

  -- {================ set-up ================}
  function W.setup()
    try(function()
      ripple.setValueTransformer("FuzzTransformer", {
        transformedValue = function(v) return type(v) == "table" and "t" or tostring(v) end,
        reverseTransformedValue = function(s) if chance(20) then error("reverse raised") end return s end })
      ripple.setValueTransformer("FuzzBroken", { transformedValue = function() return 42 end,
        reverseTransformedValue = F.callback() })
    end)
  end

  -- Remembers an object with an ordered relationship (fuzz.lua calls it for each object it inserts).
  function W.noteObject(object, entity)
    for _, key in ipairs(F.orderedKeys[entity] or {}) do
      if #ordered < 16 then ordered[#ordered + 1] = { object, key } else ordered[R(16)] = { object, key } end
    end
  end

  function W.step()
    pick(actions)()
  end

  return W
end
