-- The colours demo of NXCollectionViewDataSource: sections by the boolean `selected`, selected first.
local model = ripple.model {
  Color = { red = "double", green = "double", blue = "double", selected = { "boolean", default = false } },
}
local ctx = ripple.container(model).viewContext
for i = 1, 4 do ctx:insert("Color", { red = i / 10, green = 0.5, blue = 0.5 }) end
ctx:save()

local cv = ripple.collectionView()
local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
ds:registerClass("ColorCell", function(cell, ip, source) cell.red = source:itemAtIndexPath(ip).red end)
ds:registerClassForSupplementaryViewOfKind("Header", "header", function(view, ip, source)
  view.title = source:itemForSection(ip.section) and "Selected Colors" or "Other Colors"
end)
local updates = 0
ds.postUpdateBlock = function() updates = updates + 1 end
ds:reloadWithFetchRequest({ entity = "Color", sortDescriptors = { { key = "selected", ascending = false }, { key = "red", ascending = false } } },
  { sectionAttribute = "selected" })

local function layout()
  local out = {}
  for s, section in ipairs(cv:snapshot()) do
    local reds = {}
    for i, cell in ipairs(section.cells) do reds[i] = string.format("%.1f", cell.red) end
    out[s] = section.supplementaryViews.header.title .. " " .. table.concat(reds, " ")
  end
  return out
end

local function tap(ip)
  local color = ds:itemAtIndexPath(ip)
  color.selected = not color.selected
  ctx:save()
end

scenario("one section of other colours to start with", function()
  expect(layout()):toEqual({ "Other Colors 0.4 0.3 0.2 0.1" })
  expect(updates):toBe(1)
end)

scenario("selecting a colour creates the selected section", function()
  tap(ripple.indexPath(0, 1))
  expect(layout()):toEqual({ "Selected Colors 0.3", "Other Colors 0.4 0.2 0.1" })
  tap(ripple.indexPath(1, 0))
  expect(layout()):toEqual({ "Selected Colors 0.4 0.3", "Other Colors 0.2 0.1" })
  expect(updates):toBe(3)
end)

scenario("deselecting every colour deletes the section again", function()
  tap(ripple.indexPath(0, 0))
  tap(ripple.indexPath(0, 0))
  expect(layout()):toEqual({ "Other Colors 0.4 0.3 0.2 0.1" })
end)

scenario("Add and Clear", function()
  tap(ripple.indexPath(0, 3))
  ctx:insert("Color", { red = 0.9, green = 0, blue = 0 })
  ctx:save()
  expect(layout()):toEqual({ "Selected Colors 0.1", "Other Colors 0.9 0.4 0.3 0.2" })
  for _, c in ipairs(ctx:fetch { entity = "Color", predicate = "selected == NO" }) do ctx:delete(c) end
  ctx:save()
  expect(layout()):toEqual({ "Selected Colors 0.1" })
  expect(cv.batchUpdateCount):toBe(7)
end)
