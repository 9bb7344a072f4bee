-- The shrinking of `ripple.explore` (docs/explore.md) and the scenario it writes; loaded by explore.lua,
-- which hands over `replay(options, actions, steps, emit)`: a fresh run of `steps`, returning the failure
-- (or nil) and the number of steps run, appending the Lua lines of each step to `emit` when given.
local replay = ...
local ipairs, pairs, format, concat = ipairs, pairs, string.format, table.concat
-- Shrinking.

-- The failure without its numbers and positions: two failures are the same when their shapes are.
-- Lists shrink to one element (`[Person#N, Person#N]` and `[N, N, N]` are `[Person#N]` and `[N]`), so that
-- fewer objects still count as the same failure.
local function shapeOf(message)
  local s = message:gsub("[%w_%./%-=%[%]\"]+:%d+: ", ""):gsub("%d+", "N")
  local n
  repeat s, n = s:gsub("(%w+#N), %w+#N", "%1") until n == 0
  repeat s, n = s:gsub("N, N", "N") until n == 0
  return s
end

local function copySteps(steps)
  local out = {}
  for i, s in ipairs(steps) do out[i] = s end
  return out
end

local function simplerSteps(step, shape)
  local out = {}
  if step.changes then
    for i = 1, #step.changes do
      local changes = {}
      for j, ch in ipairs(step.changes) do if j ~= i then changes[#changes + 1] = ch end end
      if #changes > 0 then out[#out + 1] = { kind = step.kind, changes = changes } end
    end
    for i, ch in ipairs(step.changes) do
      local entity = shape.byName[ch.entity or ""]
      if ch[1] == "insert" and entity then
        for _, a in ipairs(entity.attributes) do
          local v = ch.values[a.name]
          if v ~= nil and v ~= a.pool[1] then
            local values = {}
            for k, x in pairs(ch.values) do values[k] = x end
            values[a.name] = a.pool[1]
            local changes = copySteps(step.changes)
            changes[i] = { "insert", entity = ch.entity, values = values, id = ch.id }
            out[#out + 1] = { kind = step.kind, changes = changes }
          end
        end
      end
    end
    if step.kind ~= "save" then out[#out + 1] = { kind = "save", changes = step.changes } end
  elseif step.kind == "batchDelete" and #step.ids > 1 then
    for i = 1, #step.ids do
      local ids = {}
      for j, id in ipairs(step.ids) do if j ~= i then ids[#ids + 1] = id end end
      out[#out + 1] = { kind = "batchDelete", entity = step.entity, ids = ids }
    end
  end
  return out
end

local MAX_REPLAYS = 250

local function shrink(options, actions, shape, steps, failure)
  local target = shapeOf(failure)
  local replays = 0
  local function same(candidate)
    if replays >= MAX_REPLAYS then return false end
    replays = replays + 1
    local f, at = replay(options, actions, candidate)
    if f and shapeOf(f) == target then
      -- Steps after the failing one are not needed.
      local kept = {}
      for i = 1, at do kept[i] = candidate[i] end
      return true, kept, f
    end
    return false
  end
  local current, message = steps, failure
  -- First the steps that touch the objects of the failing step (and of the steps kept), walking back.
  local touched, kept = {}, {}
  local function ids(step)
    local list = {}
    for _, ch in ipairs(step.changes or {}) do list[#list + 1] = ch.id; if ch.target then list[#list + 1] = ch.target end end
    for _, id in ipairs(step.ids or {}) do list[#list + 1] = id end
    return list
  end
  for i = #current, 1, -1 do
    local step = current[i]
    local keep = i == #current
    for _, id in ipairs(ids(step)) do if touched[id] then keep = true end end
    if keep then
      for _, id in ipairs(ids(step)) do touched[id] = true end
      table.insert(kept, 1, step)
    end
  end
  if #kept < #current then
    local ok, shorter, f = same(kept)
    if ok then current, message = shorter, f end
  end
  local changed = true
  while changed do
    changed = false
    -- Remove chunks of steps, halving the chunk size (delta debugging).
    local n = 2
    while #current >= 1 do
      local size = math.max(1, math.ceil(#current / n))
      local removed = false
      local start = 1
      while start <= #current do
        local candidate = {}
        for i, s in ipairs(current) do if i < start or i >= start + size then candidate[#candidate + 1] = s end end
        local ok, kept, f = same(candidate)
        if ok then current, message, removed, changed = kept, f, true, true
        else start = start + size end
      end
      if not removed then
        if size == 1 then break end
        n = math.min(n * 2, #current)
      end
    end
    -- Join a step with the save step after it (one event instead of two).
    local j = 1
    while j < #current do
      local a, b = current[j], current[j + 1]
      local joined = false
      if a.changes and b.changes and b.kind == "save" and (a.kind == "save" or a.kind == "edit") then
        local changes = copySteps(a.changes)
        for _, ch in ipairs(b.changes) do changes[#changes + 1] = ch end
        local candidate = {}
        for k, s in ipairs(current) do
          if k == j then candidate[#candidate + 1] = { kind = "save", changes = changes }
          elseif k ~= j + 1 then candidate[#candidate + 1] = s end
        end
        local ok, kept, f = same(candidate)
        if ok then current, message, joined, changed = kept, f, true, true end
      end
      if not joined then j = j + 1 end
    end
    -- Simplify each step.
    local i = 1
    while i <= #current do
      local simplified = false
      for _, s in ipairs(simplerSteps(current[i], shape)) do
        local candidate = copySteps(current)
        candidate[i] = s
        local ok, kept, f = same(candidate)
        if ok then current, message, simplified, changed = kept, f, true, true; break end
      end
      if not simplified then i = i + 1 end
    end
  end
  return current, message
end

-- The steps with their objects numbered 1, 2, … in the order they are inserted (for the scenario).
local function renumbered(steps)
  local map, n = {}, 0
  local function id(old)
    if old == nil or old == false then return old end
    return map[old] or old + 1000000
  end
  local out = {}
  for i, step in ipairs(steps) do
    local copy = {}
    for k, v in pairs(step) do copy[k] = v end
    if step.changes then
      copy.changes = {}
      for j, ch in ipairs(step.changes) do
        local c = {}
        for k, v in pairs(ch) do c[k] = v end
        if ch[1] == "insert" then n = n + 1; map[ch.id] = n; c.id = n
        else c.id = id(ch.id); c.target = id(ch.target) end
        copy.changes[j] = c
      end
    end
    if step.ids then
      copy.ids = {}
      for j, x in ipairs(step.ids) do copy.ids[j] = id(x) end
    end
    out[i] = copy
  end
  return out
end

local function plural(n, word) return n == 1 and (n .. " " .. word) or (n .. " " .. word .. "s") end

-- The shrunk steps as a scenario that runs them alone.
local function scenarioText(options, actions, steps, seed, found, failure)
  local emit = {}
  local _ = replay(options, actions, steps, emit)
  local name = options.name or "options"
  local lines = {
    format("-- Found by ripple.explore (seed %d, after %s, shrunk to %d): %s", seed, plural(found, "step"), #steps,
           (failure:gsub("\n.*", ""))),
    format("-- Paste into the script after `%s`, the options given to ripple.explore.", name),
    format("scenario(\"ripple.explore seed %d, shrunk to %s\", function()", seed, plural(#steps, "step")),
    format("  local ctx, container, root, views = ripple.exploreStart(%s)", name),
    "  local o, b, ids, bg, child, result = {}, {}, {}",
  }
  for _, l in ipairs(emit) do
    lines[#lines + 1] = "  " .. l:gsub("%(options%)", "(" .. name .. ")")
  end
  lines[#lines + 1] = "end)"
  return concat(lines, "\n") .. "\n"
end


return { shapeOf = shapeOf, shrink = shrink, renumbered = renumbered, scenarioText = scenarioText, plural = plural }
