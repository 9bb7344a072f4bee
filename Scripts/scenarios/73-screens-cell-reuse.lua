-- Cells as UIKit reuses them: a window of visible rows, cells that scroll off or are deleted go back to
-- the pool, prepareForReuse runs, and a cell configured without resetting shows the previous object's
-- text (the stale-cell bug).
local model = ripple.model { Person = { name = "string", phone = "string?" } }
local ctx = ripple.container(model).viewContext
for i, n in ipairs { "Ann", "Bob", "Cy", "Dee", "Eve", "Fay" } do
  ctx:insert("Person", { name = n, phone = (i % 2 == 1) and ("555-000" .. i) or nil })
end
ctx:save()
local people = ctx:fetch { entity = "Person", sortDescriptors = { "name" } }

local function screen(prepareForReuse)
  local tv = ripple.tableView { visibleRows = 3 }
  tv:register("PersonCell", prepareForReuse and { prepareForReuse = prepareForReuse } or nil)
  tv.dataSource = {
    numberOfRowsInSection = function() return #people end,
    cellForRowAtIndexPath = function(view, indexPath)
      local cell = view:dequeueReusableCell("PersonCell", indexPath)
      local person = people[indexPath.row + 1]
      cell.text = person.name
      -- The bug: the detail is set only when there is a phone number, never cleared.
      if person.phone then cell.detail = person.phone end
      return cell
    end,
  }
  tv:reloadData()
  return tv
end

scenario("only the visible rows have cells", function()
  local tv = screen()
  expect(#tv:indexPathsForVisibleRows()):toBe(3)
  expect(tv:cellForRowAtIndexPath(ripple.indexPath(0, 3))):toBe(nil)
  expect(tv:numberOfRowsInSection(0)):toBe(6)
  expect(tv:snapshot()[1].cells):toEqual({
    { text = "Ann", detail = "555-0001" }, { text = "Bob" }, { text = "Cy", detail = "555-0003" } })
end)

scenario("scrolling reuses the cells that left the window: stale detail text", function()
  local tv = screen()
  local ann = tv:cellForRowAtIndexPath(ripple.indexPath(0, 0))
  tv:scrollToRowAtIndexPath(ripple.indexPath(0, 3))
  expect(tv:cellForRowAtIndexPath(ripple.indexPath(0, 0))):toBe(nil)
  -- Dee has no phone, but her cell is Cy's, reused: it still shows Cy's number.
  expect(tv:cellForRowAtIndexPath(ripple.indexPath(0, 3)).detail):toBe("555-0003")
  expect(tv:cellForRowAtIndexPath(ripple.indexPath(0, 3)).text):toBe("Dee")
  expect(tv:cellForRowAtIndexPath(ripple.indexPath(0, 5)) == ann):toBe(true)
  expect(tv:cellForRowAtIndexPath(ripple.indexPath(0, 5)).detail):toBe("555-0001")   -- Fay has no phone either
  expect(tv:numberOfReusableCells("PersonCell")):toBe(0)
end)

scenario("prepareForReuse that resets the cell fixes it", function()
  local reused = 0
  local tv = screen(function(cell) reused = reused + 1; cell.detail = nil end)
  tv:scrollToRowAtIndexPath(ripple.indexPath(0, 3))
  expect(reused):toBe(3)
  expect(tv:snapshot()[1].cells):toEqual({ { text = "Dee" }, { text = "Eve", detail = "555-0005" }, { text = "Fay" } })
end)

scenario("a deleted row's cell goes back to the pool and the next row reuses it", function()
  local tv = screen()
  local removed = table.remove(people, 1)          -- the model changes inside the update
  tv:deleteRows({ ripple.indexPath(0, 0) })
  -- Dee scrolls into the window and gets Ann's old cell, with Ann's phone number.
  expect(tv:cellForRowAtIndexPath(ripple.indexPath(0, 2)).text):toBe("Dee")
  expect(tv:cellForRowAtIndexPath(ripple.indexPath(0, 2)).detail):toBe("555-0001")
  table.insert(people, 1, removed)
end)

scenario("dequeuing an identifier nobody registered is UIKit's error", function()
  local tv = ripple.tableView()
  tv.dataSource = {
    numberOfRowsInSection = function() return 1 end,
    cellForRowAtIndexPath = function(view, indexPath) return view:dequeueReusableCell("Typo", indexPath) end,
  }
  expect(function() tv:reloadData() end):toRaise(
    "unable to dequeue a cell with identifier Typo - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
  expect(tv.isLoaded):toBe(false)
end)

scenario("the window can grow to every row", function()
  local tv = screen()
  tv.visibleRows = nil
  expect(#tv:indexPathsForVisibleRows()):toBe(6)
end)
