-- The save path of issue 13 (R1, T6, T1c) takes shortcuts for the usual cases: sort keys compared on their
-- unboxed form (integers, doubles, the first 16 UTF-8 bytes of strings), a batch of a few objects that
-- derives the new ranks, a batch that moves objects only inside their sections, an event of updates only,
-- validation in object order only when something fails. Each case here is checked against a fresh fetch
-- (and, as every scenario, in invariant mode); the reported changes must be what Core Data reports.
local model = ripple.model {
  Item = { group = "integer", name = { "string", maxLength = 24 }, score = "double?" },
}
local ctx = ripple.container(model).viewContext

-- Names share long prefixes (longer than 16 bytes), contain NULs and non-ASCII, so that the entry order
-- falls back to the full comparison where the unboxed prefix cannot decide.
local names = { "item 0000000000000001", "item 0000000000000002", "item 00000000000000010", "a\0b", "a",
                "a\0", "é", "e\u{301}", "zz", "item 0000000000000001x", "Z", "" }
local items = {}
for i, name in ipairs(names) do
  items[i] = ctx:insert("Item", { group = i % 3, name = name, score = (i % 4 == 0) and -0.0 or i / 7 })
end
ctx:save()

local function fresh()
  local out = {}
  for i, o in ipairs(ctx:fetch { entity = "Item", sortDescriptors = { "group", "name", "score" } }) do
    out[i] = o.group .. ":" .. o.name
  end
  return out
end

local function shown(frc)
  local out = {}
  for i, o in ipairs(frc.fetchedObjects) do out[i] = o.group .. ":" .. o.name end
  return out
end

local moves = 0
local frc = ripple.fetchedResultsController {
  context = ctx, entity = "Item", sortDescriptors = { "group", "name", "score" }, sectionNameKeyPath = "group",
  name = "Items",
}
frc.delegate = { didChangeObject = function(_, _, _, type) if type == "move" then moves = moves + 1 end end }
frc:performFetch()

scenario("one rename and save moves the object inside its section", function()
  moves = 0
  items[1].name = "item 0000000000000003"
  ctx:save()
  expect(moves):toBe(1)
  expect(shown(frc)):toEqual(fresh())
end)

scenario("a batch of a few renames in one section, in another and across sections", function()
  moves = 0
  items[2].name = "a\0\0"
  items[5].name = "item 0000000000000001"
  items[7].group = 0                      -- leaves its section
  items[8].score = 0.0                    -- a tie of the first two keys decided by ±0
  ctx:save()
  expect(shown(frc)):toEqual(fresh())
  expect(#frc.sections):toBe(3)
end)

scenario("a batch of more than eight objects", function()
  for i, o in ipairs(items) do o.name = names[#names + 1 - i] .. "!" end
  ctx:processPendingChanges()
  expect(shown(frc)):toEqual(fresh())
  ctx:save()
  expect(shown(frc)):toEqual(fresh())
end)

scenario("validation errors are listed in object order, and nothing is saved", function()
  items[9].name = string.rep("x", 30)
  items[3].name = string.rep("y", 30)
  local ok, err = pcall(function() ctx:save() end)
  expect(ok):toBe(false)
  expect(err):toContain('Code=1560 "Multiple validation errors occurred."')
  local first, second = err:find("Item#3", 1, true), err:find("Item#9", 1, true)
  expect(first ~= nil and second ~= nil and first < second):toBe(true)
  expect(ctx.hasChanges):toBe(true)
  ctx:rollback()
  expect(shown(frc)):toEqual(fresh())
end)
