-- ripple.explore(options): random changes against a screen, checked after every step; the first failure is
-- shrunk to a short sequence and raised with that sequence as a runnable scenario (docs/explore.md).
-- Loaded on first use by the prelude (`ripple._exploreChunk`); returns { explore, start, check }.
--
-- A step is a plain table (`{ kind = "save", changes = { … } }`, `{ kind = "undo" }`, …) whose values were
-- all drawn when it was made, so that a run replays exactly and a step can be removed or simplified.
-- Objects are named by the number of the step change that inserted them (`o[3]`); a change whose object is
-- gone (its insert was shrunk away, it was deleted) is skipped, and the emitted scenario leaves it out.
local ripple = ripple
local type, pairs, ipairs, pcall, error, tostring, next = type, pairs, ipairs, pcall, error, tostring, next
local format, concat, floor = string.format, table.concat, math.floor

local STEP_WEIGHTS = { save = 12, edit = 2, background = 4, child = 2, batchUpdate = 2, batchDelete = 2,
                       undo = 2, reset = 1, swipeToDelete = 2, moveRow = 1 }
local STEP_ORDER = { "save", "edit", "background", "child", "batchUpdate", "batchDelete", "undo", "reset",
                     "swipeToDelete", "moveRow" }
local CHANGE_WEIGHTS = { insert = 3, delete = 2, update = 4, relate = 1 }
local CHANGE_ORDER = { "insert", "delete", "update", "relate" }
local GESTURES = { swipeToDelete = true, moveRow = true }
local ACTION_NAMES = { insert = true, delete = true, update = true, relate = true, edit = true,
                       background = true, child = true, batchUpdate = true, batchDelete = true, undo = true,
                       reset = true, swipeToDelete = true, moveRow = true }

local UNDO_LEVELS = 8


-- SplitMix64, as `ripple test --shuffle` and the Swift tests draw it: `random(n)` is in 0 ..< n.
local function newRandom(seed)
  local state = seed
  return function(n)
    state = state + 0x9E3779B97F4A7C15
    local z = state
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    z = z ~ (z >> 31)
    return z % n
  end
end

-- debug.getinfo, handed over by the prelude (the sandbox removes `debug` from scripts).
local getinfo = ...

-- Raises `message` at the first script line at or above `level` (as `error`'s level; a tail call or a
-- pcall in between has none).
local function raise(message, level)
  level = level + 1
  while true do
    local info = getinfo(level, "Sl")
    if info == nil then error(message, 0) end
    if info.currentline and info.currentline > 0 then
      error(info.short_src .. ":" .. info.currentline .. ": " .. message, 0)
    end
    level = level + 1
  end
end

-- Raised from a helper of `explore` or `exploreStart`: level 4 is the script line that called them.
local function fail(message) raise("ripple.explore: " .. message, 4) end

-- The options and the model's shape: Sources/Scripting/Lua/exploreoptions.lua.
local checking = ripple._exploreChunk("exploreoptions")(fail, ACTION_NAMES, GESTURES)
local prepare, modelShape = checking.prepare, checking.modelShape

-- World: one run of the screen over a fresh store.

local function alive(o)
  if o == nil then return false end
  local ok, result = pcall(function() return not o.isDeleted and o.managedObjectContext ~= nil end)
  return ok and result
end

local function saved(o)
  local ok, result = pcall(function() return not o.objectID.isTemporaryID end)
  return ok and result
end

-- A new container from `options.container`, which must return one (indexing anything else raised here,
-- at this chunk's line instead of the script's). `level` as `raise`'s.
local function newContainer(options, level)
  local container = options.container()
  local ok, coordinator = pcall(function() return container.persistentStoreCoordinator end)
  if not ok or coordinator == nil then
    raise("ripple.explore: container must return a new container (ripple.container), got " .. type(container), level + 1)
  end
  return container
end

local function start(options, actions, level)
  ripple._exploreWatch(true)
  local container = options.model and ripple.container(options.model) or newContainer(options, level + 1)
  local ctx = container.viewContext
  ctx.automaticallyMergesChangesFromParent = true
  ctx.mergePolicy = "mergeByPropertyObjectTrump"
  if actions == nil or actions.undo then
    ctx.undoManager = ripple.undoManager()
    ctx.undoManager.levelsOfUndo = UNDO_LEVELS   -- a bounded stack: every step costs the same
  end
  if options.setup then options.setup(ctx, container) end
  local root = options.screen(ctx, container)
  return { container = container, ctx = ctx, root = root, objs = {}, entityOf = {}, live = {} }
end

local function screenViews() return ripple._exploreViews() end

-- Lua text of a value.
local function literal(v)
  if type(v) == "string" then return format("%q", v) end
  if math.type(v) == "float" then return format("%.17g", v) end
  return tostring(v)
end

-- Applies one change in context `c`; `get(id)` gives that context's instance of object `id`. Appends the
-- Lua lines that do the same to `emit` (when given), with `ref(id)` naming the instance. Returns whether the
-- change applied (a change the model refuses, or whose object is gone, is skipped).
local function applyChange(w, c, get, ch, made, emit, ref, ctxName)
  local kind = ch[1]
  if kind == "insert" then
    local ok, obj = pcall(function()
      local values = {}
      for k, v in pairs(ch.values) do
        if type(v) == "table" then
          local target = get(v.ref)
          if target == nil then error("gone") end
          values[k] = target
        else
          values[k] = v
        end
      end
      return c:insert(ch.entity, values)
    end)
    if not ok then return false end
    made[ch.id] = obj
    if emit then
      local parts = {}
      local keys = {}
      for k in pairs(ch.values) do keys[#keys + 1] = k end
      table.sort(keys)
      for _, k in ipairs(keys) do
        local v = ch.values[k]
        parts[#parts + 1] = k .. " = " .. (type(v) == "table" and ref(v.ref) or literal(v))
      end
      emit[#emit + 1] = format("%s = %s:insert(%q, { %s })", ref(ch.id, true), ctxName, ch.entity, concat(parts, ", "))
    end
    return true
  end
  local obj = get(ch.id)
  if obj == nil then return false end
  if kind == "delete" then
    if not pcall(function() c:delete(obj) end) then return false end
    if emit then emit[#emit + 1] = format("%s:delete(%s)", ctxName, ref(ch.id)) end
  elseif kind == "update" then
    if not pcall(function() obj[ch.key] = ch.value end) then return false end
    if emit then emit[#emit + 1] = format("%s.%s = %s", ref(ch.id), ch.key, literal(ch.value)) end
  elseif kind == "relate" then
    local target = nil
    if ch.target then
      target = get(ch.target)
      if target == nil then return false end
    end
    if not pcall(function() obj[ch.key] = target end) then return false end
    if emit then emit[#emit + 1] = format("%s.%s = %s", ref(ch.id), ch.key, ch.target and ref(ch.target) or "nil") end
  end
  return true
end

local function emitLines(emit, lines)
  if emit then for _, l in ipairs(lines) do emit[#emit + 1] = l end end
end

-- A change from elsewhere (a background, child or batch save, a reset) is not undoable in the view
-- context: like an app, the step clears the view context's undo stack first.
local function clearUndo(ctx, emit)
  local manager = ctx.undoManager
  if manager ~= nil and (manager.canUndo or manager.canRedo) then
    emitLines(emit, { "ctx.undoManager:removeAllActions()" })
    manager:removeAllActions()
  end
end

-- Performs one step (without the checks). Raises what the screen or Core Data raised.
local function perform(w, step, emit)
  local ctx = w.ctx
  local kind = step.kind
  local function viewGet(id) local o = w.objs[id]; if alive(o) then return o end end
  local function viewRef(id) return "o[" .. id .. "]" end
  if kind == "save" or kind == "edit" then
    local made = {}
    local any = false
    for _, ch in ipairs(step.changes) do
      if applyChange(w, ctx, function(id) return made[id] or viewGet(id) end, ch, made, emit, viewRef, "ctx") then any = true end
    end
    for id, o in pairs(made) do w.objs[id] = o end   -- (order does not matter: one table write each)
    if not any then return false end
    if kind == "save" then
      emitLines(emit, { "ctx:save()" })
      ctx:save()
    end
    return true
  elseif kind == "background" or kind == "child" then
    local c
    local background = kind == "background"
    -- The step's context is forgotten once the step is over, so that ticks do not grow with the steps.
    local mark = { ripple._exploreMark() }
    if background then c = w.container:newBackgroundContext() else c = ctx:newChildContext() end
    local made, applied, ids = {}, {}, {}
    local name = background and "bg" or "child"
    local function get(id)
      if made[id] then return made[id] end
      local o = viewGet(id)
      if o == nil or not saved(o) then return nil end
      local ok, there = pcall(function() return c:object(o.objectID) end)
      if ok then return there end
    end
    local function ref(id, new)
      if new or made[id] then return "b[" .. id .. "]" end
      return name .. ":object(o[" .. id .. "].objectID)"
    end
    local lines = emit and {} or nil
    local function body()
      for _, ch in ipairs(step.changes) do
        if applyChange(w, c, get, ch, made, lines, ref, name) then applied[#applied + 1] = ch end
      end
      if #applied > 0 then
        c:save()
        for id, o in pairs(made) do ids[id] = o.objectID end
      end
    end
    local okBody, bodyError
    if background then
      okBody, bodyError = pcall(c.performAndWait, c, body)
    else
      okBody, bodyError = pcall(body)
    end
    if okBody and #applied == 0 then ripple._exploreMark(mark[1], mark[2]); return false end
    clearUndo(ctx, emit)
    local madeIDs = {}
    for id in pairs(made) do madeIDs[#madeIDs + 1] = id end
    table.sort(madeIDs)
    if emit then
      emit[#emit + 1] = background and "bg = container:newBackgroundContext()" or "child = ctx:newChildContext()"
      if background then emit[#emit + 1] = "bg:performAndWait(function()" end
      local indent = background and "  " or ""
      for _, l in ipairs(lines) do emit[#emit + 1] = indent .. l end
      emit[#emit + 1] = indent .. name .. ":save()"
      for _, id in ipairs(madeIDs) do emit[#emit + 1] = indent .. format("ids[%d] = b[%d].objectID", id, id) end
      if background then emit[#emit + 1] = "end)" end
    end
    if not okBody then ripple._exploreMark(mark[1], mark[2]); error(bodyError, 0) end
    local okEnd, endError
    if background then
      emitLines(emit, { "ripple.tick()" })
      okEnd, endError = pcall(ripple.tick)  -- the view context merges the save (automaticallyMergesChangesFromParent)
    else
      emitLines(emit, { "ctx:save()" })
      okEnd, endError = pcall(ctx.save, ctx)
    end
    ripple._exploreMark(mark[1], mark[2])
    if not okEnd then error(endError, 0) end
    for _, id in ipairs(madeIDs) do
      w.objs[id] = ctx:object(ids[id])
      emitLines(emit, { format("o[%d] = ctx:object(ids[%d])", id, id) })
    end
    return true
  elseif kind == "batchUpdate" then
    clearUndo(ctx, emit)
    emitLines(emit, {
      format("result = ctx:execute(ripple.batchUpdateRequest { entity = %q, predicate = %q, arguments = { %s }, propertiesToUpdate = { %s = %s }, resultType = \"updatedObjectIDsResultType\" })",
             step.entity, step.key .. " == %@", literal(step.from), step.key, literal(step.to)),
      "ripple.mergeChanges({ updated = result.result }, { ctx })" })
    local result = ctx:execute(ripple.batchUpdateRequest { entity = step.entity, predicate = step.key .. " == %@",
      arguments = { step.from }, propertiesToUpdate = { [step.key] = step.to }, resultType = "updatedObjectIDsResultType" })
    ripple.mergeChanges({ updated = result.result }, { ctx })
    return true
  elseif kind == "batchDelete" then
    local targets, refs = {}, {}
    for _, id in ipairs(step.ids) do
      local o = viewGet(id)
      if o and saved(o) and o.entityName == step.entity then targets[#targets + 1] = o; refs[#refs + 1] = "o[" .. id .. "]" end
    end
    if #targets == 0 then return false end
    clearUndo(ctx, emit)
    emitLines(emit, {
      format("result = ctx:execute(ripple.batchDeleteRequest { objectIDs = { %s }, resultType = \"resultTypeObjectIDs\" })", concat(refs, ", ")),
      "ripple.mergeChanges({ deleted = result.result }, { ctx })" })
    local result = ctx:execute(ripple.batchDeleteRequest { objectIDs = targets, resultType = "resultTypeObjectIDs" })
    ripple.mergeChanges({ deleted = result.result }, { ctx })
    return true
  elseif kind == "undo" then
    local manager = ctx.undoManager
    if manager == nil or not manager.canUndo then return false end
    emitLines(emit, { "ctx:undo()" })
    ctx:undo()
    return true
  elseif kind == "reset" then
    -- An app resets its context and builds its screens again.
    clearUndo(ctx, emit)
    emitLines(emit, { "ids = {}",
                      "for k, v in pairs(o) do if not v.isDeleted and not v.objectID.isTemporaryID then ids[k] = v.objectID end end",
                      "ctx:reset()", "ripple.exploreRebuild(options)",
                      "for k in pairs(o) do local ok, x = pcall(ctx.existingObject, ctx, ids[k]); o[k] = ok and x or nil end" })
    local oids, order = {}, {}
    for _, id in ipairs(w.live) do
      local o = w.objs[id]
      if alive(o) and saved(o) then
        local ok, oid = pcall(function() return o.objectID end)
        if ok then oids[id] = oid; order[#order + 1] = id end
      end
    end
    ctx:reset()
    ripple._exploreWatch(true)
    w.root = w.options.screen(ctx, w.container)
    w.objs = {}
    for _, id in ipairs(order) do
      local ok, o = pcall(function() return ctx:existingObject(oids[id]) end)
      if ok then w.objs[id] = o end
    end
    return true
  elseif GESTURES[kind] then
    local view = screenViews()[step.view]
    if view == nil then return false end
    local user = ripple.user
    if kind == "swipeToDelete" then
      if step.section >= view:numberOfSections() or step.row >= view:numberOfRowsInSection(step.section) then return false end
      emitLines(emit, { format("ripple.user.swipeToDelete(views[%d], ripple.indexPath(%d, %d))", step.view, step.section, step.row) })
      user.swipeToDelete(view, ripple.indexPath(step.section, step.row))
    else
      local sections = view:numberOfSections()
      if step.from[1] >= sections or step.to[1] >= sections or step.from[2] >= view:numberOfRowsInSection(step.from[1])
         or step.to[2] >= view:numberOfRowsInSection(step.to[1]) then return false end
      -- A table shows its reorder controls only while editing.
      local okEditing, setEditing = pcall(function() return view.setEditing end)
      if okEditing and type(setEditing) == "function" then
        emitLines(emit, { format("views[%d]:setEditing(true)", step.view) })
        view:setEditing(true)
      end
      emitLines(emit, { format("ripple.user.moveRow(views[%d], ripple.indexPath(%d, %d), ripple.indexPath(%d, %d))",
                               step.view, step.from[1], step.from[2], step.to[1], step.to[2]) })
      user.moveRow(view, ripple.indexPath(step.from[1], step.from[2]), ripple.indexPath(step.to[1], step.to[2]))
    end
    return true
  end
  error("unknown step " .. tostring(kind))
end

-- The checks after a step: tick, then the screen against fresh fetches, then the user's check.
local function checkAll(w, options)
  local ok, err = pcall(ripple.tick)
  if not ok then return tostring(err) end
  local problem = ripple._exploreCheck(w.root)
  if problem then return problem end
  if options.check then
    local okCheck, result = pcall(options.check, w.root, w.ctx)
    if not okCheck then return tostring(result) end
    if result == false then return "the check returned false" end
    if type(result) == "string" then return result end
  end
  return nil
end

-- Runs one step and its checks; returns the failure message or nil (and whether the step did anything).
local function runStep(w, step, options, emit)
  local ok, did = pcall(perform, w, step, emit)
  if not ok then return tostring(did), true end
  if did then emitLines(emit, { "ripple.exploreCheck(options)" }) end
  return checkAll(w, options), did
end

-- Generation: the next step, drawn from the world as it is.

local function pick(random, list) return list[random(#list) + 1] end

local function weighted(random, weights, order, allowed)
  local total = 0
  for _, name in ipairs(order) do if allowed[name] then total = total + weights[name] end end
  if total == 0 then return nil end
  local r = random(total)
  for _, name in ipairs(order) do
    if allowed[name] then
      r = r - weights[name]
      if r < 0 then return name end
    end
  end
end

local function liveIDs(w, savedOnly)
  local ids = {}
  for _, id in ipairs(w.live) do
    local o = w.objs[id]
    if alive(o) and (not savedOnly or saved(o)) then ids[#ids + 1] = id end
  end
  return ids
end

-- Refreshes the list of live objects (bounded by maxObjects plus a step's inserts: linear cost overall).
-- Objects that are gone are forgotten after a while: one that an undo brings back within UNDO_STEPS steps
-- is live again; later ones stay out (the population, and so every step's cost, stays bounded).
local UNDO_STEPS = 16
local function refreshLive(w, newIDs)
  w.stepIndex = (w.stepIndex or 0) + 1
  local live, dead = {}, {}
  local function sort(id)
    if alive(w.objs[id]) then live[#live + 1] = id else dead[#dead + 1] = { id = id, obj = w.objs[id], at = w.stepIndex }; w.objs[id] = nil end
  end
  for _, id in ipairs(w.live) do sort(id) end
  for _, id in ipairs(newIDs) do sort(id) end
  for _, d in ipairs(w.dead or {}) do
    if d.obj ~= nil and alive(d.obj) then w.objs[d.id] = d.obj; live[#live + 1] = d.id
    elseif w.stepIndex - d.at < UNDO_STEPS then dead[#dead + 1] = d end
  end
  table.sort(live)
  w.live, w.dead = live, dead
end

local function genChanges(g, w, savedOnly)
  local random, shape, actions = g.random, g.shape, g.actions
  local changes = {}
  local ids = liveIDs(w, savedOnly)
  local count = random(4) + 1
  for _ = 1, count do
    local allowed = { insert = actions.insert and #ids + #changes < g.maxObjects, delete = actions.delete and #ids > 0,
                      update = actions.update and #ids > 0, relate = actions.relate and #ids > 0 }
    local kind = weighted(random, CHANGE_WEIGHTS, CHANGE_ORDER, allowed)
    if kind == nil then break end
    if kind == "insert" then
      local entity = pick(random, shape.entities)
      local values = {}
      for _, a in ipairs(entity.attributes) do
        if not a.optional or random(4) > 0 then values[a.name] = pick(random, a.pool) end
      end
      g.nextID = g.nextID + 1
      changes[#changes + 1] = { "insert", entity = entity.name, values = values, id = g.nextID }
    else
      local id = pick(random, ids)
      local entity = shape.byName[w.entityOf[id]]
      if kind == "delete" then
        changes[#changes + 1] = { "delete", id = id }
      elseif kind == "update" and entity and #entity.attributes > 0 then
        local a = pick(random, entity.attributes)
        local value = pick(random, a.pool)
        if random(3) == 0 then
          -- Writing the value again (as a sync does) is an update that moves nothing.
          local ok, current = pcall(function() return w.objs[id][a.name] end)
          if ok and current ~= nil then value = current end
        end
        changes[#changes + 1] = { "update", id = id, key = a.name, value = value }
      elseif kind == "relate" and entity and #entity.relationships > 0 then
        local r = pick(random, entity.relationships)
        local targets = {}
        for _, t in ipairs(ids) do if w.entityOf[t] == r.destination then targets[#targets + 1] = t end end
        local target = (#targets > 0 and random(5) > 0) and pick(random, targets) or false
        changes[#changes + 1] = { "relate", id = id, key = r.name, target = target }
      end
    end
  end
  return changes
end

local function generate(g, w)
  local random, actions = g.random, g.actions
  local ids = liveIDs(w, false)
  local savedIDs = liveIDs(w, true)
  local anyChange = actions.insert or actions.delete or actions.update or actions.relate
  local allowed = {
    save = anyChange, edit = anyChange and actions.edit, background = anyChange and actions.background,
    child = anyChange and actions.child, batchUpdate = actions.batchUpdate and #savedIDs > 0,
    batchDelete = actions.batchDelete and #savedIDs > 0, undo = actions.undo, reset = actions.reset,
  }
  local views = (actions.swipeToDelete or actions.moveRow) and screenViews() or {}
  allowed.swipeToDelete = actions.swipeToDelete and #views > 0
  allowed.moveRow = actions.moveRow and #views > 0
  local kind = weighted(random, STEP_WEIGHTS, STEP_ORDER, allowed) or "save"
  if kind == "save" or kind == "edit" or kind == "background" or kind == "child" then
    return { kind = kind, changes = genChanges(g, w, kind == "background" or kind == "child") }
  elseif kind == "batchUpdate" then
    local id = pick(random, savedIDs)
    local entity = g.shape.byName[w.entityOf[id]]
    if entity == nil or #entity.attributes == 0 then return { kind = "undo" } end
    local a = pick(random, entity.attributes)
    local ok, from = pcall(function() return w.objs[id][a.name] end)
    if not ok or from == nil then return { kind = "undo" } end
    return { kind = "batchUpdate", entity = entity.name, key = a.name, from = from, to = pick(random, a.pool) }
  elseif kind == "batchDelete" then
    local first = pick(random, savedIDs)
    local list = { first }
    for _ = 1, random(2) do
      local id = pick(random, savedIDs)
      if w.entityOf[id] == w.entityOf[first] then
        local dup = false
        for _, x in ipairs(list) do if x == id then dup = true end end
        if not dup then list[#list + 1] = id end
      end
    end
    table.sort(list)
    return { kind = "batchDelete", entity = w.entityOf[first], ids = list }
  elseif GESTURES[kind] then
    local v = random(#views) + 1
    local view = views[v]
    local ok, sections = pcall(function() return view:numberOfSections() end)
    if not ok or sections == 0 then return { kind = "undo" } end
    local s = random(sections)
    local rows = view:numberOfRowsInSection(s)
    if rows == 0 then return { kind = "undo" } end
    if kind == "swipeToDelete" then return { kind = kind, view = v, section = s, row = random(rows) } end
    local s2 = random(sections)
    local rows2 = view:numberOfRowsInSection(s2)
    return { kind = kind, view = v, from = { s, random(rows) }, to = { s2, random(s2 == s and rows or rows2 + 1) } }
  end
  return { kind = kind }
end

-- Notes which entity each inserted object is, and which objects are live, after a step.
local function afterStep(w, step)
  local newIDs = {}
  if step.changes then
    for _, ch in ipairs(step.changes) do
      if ch[1] == "insert" then w.entityOf[ch.id] = ch.entity; newIDs[#newIDs + 1] = ch.id end
    end
  end
  refreshLive(w, newIDs)
end

local function finishWorld(mark)
  ripple._exploreWatch(false)
  ripple._exploreMark(mark[1], mark[2])
end

-- Replays `steps` on a fresh world; returns the failure and the number of steps run.
local function replay(options, actions, steps, emit)
  local mark = { ripple._exploreMark() }
  local okStart, w = pcall(start, options, actions, 3)
  if not okStart then finishWorld(mark); return tostring(w), 0 end
  w.options = options
  for i, step in ipairs(steps) do
    local failure = runStep(w, step, options, emit)
    if failure then finishWorld(mark); return failure, i end
    afterStep(w, step)
  end
  finishWorld(mark)
  return nil, #steps
end

-- Simpler versions of one step: fewer changes, fewer objects in a batch, plainer values.
-- Shrinking and the written scenario: Sources/Scripting/Lua/exploreshrink.lua, loaded with this chunk.
local shrinking = ripple._exploreChunk("exploreshrink")(replay)
local shrink, renumbered, scenarioText, plural =
  shrinking.shrink, shrinking.renumbered, shrinking.scenarioText, shrinking.plural

local function explore(options)
  local actions = prepare(options)
  local model = options.model
  if model == nil then
    local mark = { ripple._exploreMark() }
    model = newContainer(options, 2).persistentStoreCoordinator.managedObjectModel
    finishWorld(mark)
  end
  local shape = modelShape(model, options)
  local cliSteps, cliSeed, cliSeconds, progress = ripple._exploreSettings()
  local steps = cliSteps or options.steps or 500
  local seed = cliSeed or options.seed or 1
  local g = { random = newRandom(seed), shape = shape, actions = actions, maxObjects = options.maxObjects or 12, nextID = 0 }
  local began = ripple._exploreClock()
  local mark = { ripple._exploreMark() }
  local okStart, w = pcall(start, options, actions, 3)
  if not okStart then
    finishWorld(mark)
    error(w, 0)            -- the setup's or the screen's own error, with its own place
  end
  w.options = options
  local trail = {}
  local failure
  for i = 1, steps do
    local step = generate(g, w)
    trail[i] = step
    failure = runStep(w, step, options)
    if failure then break end
    afterStep(w, step)
    if progress and i % 100 == 0 then
      ripple._exploreProgress(format("explore: %d of %d steps, seed %d, %.1f s", i, steps, seed, ripple._exploreClock() - began))
    end
    if cliSeconds and i % 16 == 0 and ripple._exploreClock() - began > cliSeconds then
      if progress then ripple._exploreProgress(format("explore: stopped after %d steps (--time %g), seed %d", i, cliSeconds, seed)) end
      break
    end
  end
  finishWorld(mark)
  if not failure then return { steps = #trail, seed = seed } end
  local found = #trail
  failure = failure:gsub("^explore:%d+: ", "")
  if progress then ripple._exploreProgress(format("explore: failed after %d steps, seed %d; shrinking", found, seed)) end
  local shrunk, message = shrink(options, actions, shape, trail, failure)
  message = message:gsub("^explore:%d+: ", "")
  shrunk = renumbered(shrunk)
  local text = scenarioText(options, actions, shrunk, seed, found, message)
  local path = ripple._exploreWrite(format("explore-seed%d.lua", seed), text)
  raise(format("%s (found after %s, shrunk to %s; seed %d)\n%s%s", message, plural(found, "step"), plural(#shrunk, "step"), seed,
               path and ("written to " .. path .. "\n") or "", text), 2)
end

-- What the shrunk scenario calls: a fresh store and screen as an exploration run starts them.
local current = nil
local function exploreStart(options)
  local actions = prepare(options)
  local w = start(options, actions, 2)
  current = w
  return w.ctx, w.container, w.root, screenViews()
end

-- The checks of a step, raising the failure.
local function exploreCheck(options)
  local w = current
  if w == nil then raise("ripple.exploreCheck: call ripple.exploreStart first", 2) end
  local failure = checkAll(w, options)
  if failure then raise(failure, 2) end
end

local function exploreRebuild(options)
  local w = current
  if w == nil then raise("ripple.exploreRebuild: call ripple.exploreStart first", 2) end
  ripple._exploreWatch(true)
  w.root = options.screen(w.ctx, w.container)
  return w.root
end

return { explore = explore, start = exploreStart, check = exploreCheck, rebuild = exploreRebuild }
