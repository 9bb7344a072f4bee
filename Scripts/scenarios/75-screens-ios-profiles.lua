-- One screen, several iOS versions: `ripple.uikit.profile` switches what differs between releases.
--   ios16.4 (default): a batch with wrong counts is a hard exception with the aggregate
--                      "Invalid batch updates detected" message;
--   ios15:             the per-section "Invalid update" message, and the silent reloadData fallback of a
--                      collection view that had to ask its data source for the counts before the batch;
--   ios9:              as ios15, and the fetched-results controller follows an update with a same-path move.
--   ios17:             as ios16.4.

-- A collection view backed by a Lua array, created off screen (never loaded), whose model is changed
-- BEFORE the batch (OpenRadar 15262692: an FRC-backed collection view that is not in a window).
local function offscreenInsert()
  local items = { "a", "b", "c" }
  local cv = ripple.collectionView { name = "offscreen" }
  cv:register("Cell")
  cv.dataSource = {
    numberOfItemsInSection = function() return #items end,
    cellForItemAtIndexPath = function(view, indexPath)
      local cell = view:dequeueReusableCell("Cell", indexPath)
      cell.text = items[indexPath.item + 1]
      return cell
    end,
  }
  items[#items + 1] = "d"                          -- the model changes first ...
  local ok, message = pcall(function()           -- ... then the app tells the view
    cv:performBatchUpdates(function(batch) batch:insertItems({ ripple.indexPath(0, 3) }) end)
  end)
  return ok, message, cv
end

local expected = {
  ["ios16.4"] = { ok = false, message = "Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [4] } Data source after updates = { 1 section with item counts: [4] } Updates = [ Insert item (0 - 3) ]" },
  ["ios15"] = { ok = true, trace = "[offscreen] performBatchUpdates insertItems: [0, 3] (not validated: Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (4), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).; UIKit before iOS 16.4 falls back to reloadData)" },
}
expected["ios9"] = expected["ios15"]
expected["ios17"] = expected["ios16.4"]

for _, profile in ipairs { "ios17", "ios16.4", "ios15", "ios9" } do
  scenario(profile .. ": a collection view told about an insert after its model changed", function()
    ripple.uikit.profile = profile
    ripple.clearEvents()
    local ok, message, cv = offscreenInsert()
    local want = expected[profile]
    expect(ok):toBe(want.ok)
    if want.message then expect(message):toContain(want.message) end
    if want.trace then expect(ripple.events()):toContain(want.trace) end
    -- Either way the view shows the model (loaded before the batch, or by the fallback).
    expect(cv:numberOfItemsInSection(0)):toBe(4)
    ripple.uikit.profile = "ios16.4"
  end)
end

scenario("a table view that never loaded its data does not validate: it loads (every profile)", function()
  for _, profile in ipairs { "ios16.4", "ios15" } do
    ripple.uikit.profile = profile
    local rows = { "a" }
    local tv = ripple.tableView { dataSource = {
      numberOfRowsInSection = function() return #rows end,
      cellForRowAtIndexPath = function(view, indexPath) return { text = rows[indexPath.row + 1] } end,
    } }
    rows[2] = "b"
    ripple.clearEvents()
    tv:insertRows({ ripple.indexPath(7, 7) })        -- nonsense, but UIKit never checks it
    expect(ripple.events()):toEqual({
      "[tv] performBatchUpdates insertRows: [7, 7] (not validated: the table view had not loaded its data; it loads it now)",
      "[tv] reloadDataIfNeeded",
    })
    expect(tv:numberOfRowsInSection(0)):toBe(2)
    -- Once loaded, the same call is validated.
    expect(function() tv:insertRows({ ripple.indexPath(7, 7) }) end):toRaise(
      "attempt to insert row 7 into section 7, but there are only 1 sections after the update")
  end
  ripple.uikit.profile = "ios16.4"
end)

-- The contacts screen's delegate (Apple's template with the update fix) under the iOS 9 quirk.
local model = ripple.model { Person = { firstName = "string", lastName = "string" } }
local function contacts(ignoreSamePathMoves)
  local ctx = ripple.container(model).viewContext
  for _, n in ipairs { { "Ann", "Archer" }, { "Bob", "Baker" } } do ctx:insert("Person", { firstName = n[1], lastName = n[2] }) end
  ctx:save()
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sortDescriptors = { "lastName" } }
  local tv = ripple.tableView()
  tv:register("Cell")
  tv.dataSource = {
    numberOfRowsInSection = function() return frc.sections[1].numberOfObjects end,
    cellForRowAtIndexPath = function(view, indexPath)
      local cell = view:dequeueReusableCell("Cell", indexPath)
      cell.text = frc:objectAtIndexPath(indexPath).firstName
      return cell
    end,
  }
  frc.delegate = {
    controllerWillChangeContent = function() tv:beginUpdates() end,
    didChangeObject = function(_, _, indexPath, type, newIndexPath)
      if type == "update" then tv:reloadRows({ indexPath })
      elseif type == "move" then
        -- XLData #15's workaround: a move to the same index path is an update, already reloaded.
        if not (ignoreSamePathMoves and indexPath == newIndexPath) then
          tv:deleteRows({ indexPath }); tv:insertRows({ newIndexPath })
        end
      end
    end,
    controllerDidChangeContent = function() tv:endUpdates() end,
  }
  frc:performFetch()
  tv:reloadData()
  return ctx, frc, tv
end

for _, profile in ipairs { "ios17", "ios16.4", "ios15", "ios9" } do
  scenario(profile .. ": editing a contact's first name", function()
    ripple.uikit.profile = profile
    local ctx, frc, tv = contacts(false)
    frc.fetchedObjects[1].firstName = "Anna"
    local ok, message = pcall(function() ctx:save() end)
    if profile == "ios9" then
      expect(ok):toBe(false)
      expect(message):toContain("attempt to delete and reload the same index path ({length = 2, path = 0 - 0})")
      -- The view then shows its data source again, as after reloadData.
      expect(tv:cellForRowAtIndexPath(ripple.indexPath(0, 0)).text):toBe("Anna")
    else
      expect(ok):toBe(true)
      expect(tv:cellForRowAtIndexPath(ripple.indexPath(0, 0)).text):toBe("Anna")
    end
    -- The workaround works everywhere.
    local ctx2, frc2, tv2 = contacts(true)
    frc2.fetchedObjects[1].firstName = "Anna"
    ctx2:save()
    expect(tv2:cellForRowAtIndexPath(ripple.indexPath(0, 0)).text):toBe("Anna")
    ripple.uikit.profile = "ios16.4"
  end)
end

for _, profile in ipairs { "ios16.4", "ios15" } do
  scenario(profile .. ": a table view told about an insert its data source does not have", function()
    ripple.uikit.profile = profile
    local tv = ripple.tableView { dataSource = {
      numberOfRowsInSection = function() return 2 end,
      cellForRowAtIndexPath = function(view, indexPath) return { text = tostring(indexPath.row) } end,
    } }
    tv:reloadData()
    local ok, message = pcall(function() tv:insertRows({ ripple.indexPath(0, 0) }) end)
    expect(ok):toBe(false)
    if profile == "ios16.4" then
      expect(message):toContain("Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with row counts: [2] } Data source after updates = { 1 section with row counts: [2] } Updates = [ Insert row (0 - 0) ]")
    else
      expect(message):toContain("Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (2) must be equal to the number of rows contained in that section before the update (2), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted)")
    end
    expect(tv:numberOfRowsInSection(0)):toBe(2)
    ripple.uikit.profile = "ios16.4"
  end)
end
