-- UIKit's update model: counts are the ones the view last loaded, nested beginUpdates/endUpdates form one
-- batch validated at the outermost end, single calls outside a batch are a batch of one, and a view
-- without a data source is one empty section (it no longer drops batches).
local function numbers(n)
  local model = { n = n }
  local tv = ripple.tableView { name = "numbers" }
  tv:register("Cell")
  tv.dataSource = {
    numberOfRowsInSection = function() return model.n end,
    cellForRowAtIndexPath = function(view, indexPath)
      local cell = view:dequeueReusableCell("Cell", indexPath)
      cell.text = tostring(indexPath.row)
      return cell
    end,
  }
  tv:reloadData()
  return tv, model
end

scenario("a view without a data source: one empty section, and batches are validated", function()
  local tv = ripple.tableView()
  expect(tv:numberOfSections()):toBe(1)
  expect(tv:numberOfRowsInSection(0)):toBe(0)
  expect(function() tv:insertRows({ ripple.indexPath(7, 7) }) end):toRaise(
    "attempt to insert row 7 into section 7, but there are only 1 sections after the update")
end)

scenario("optional methods take UIKit's defaults: one section, no titles", function()
  local tv = numbers(2)
  expect(tv:numberOfSections()):toBe(1)
  expect(tv:snapshot()[1].supplementaryViews):toEqual({})
  expect(tv:sectionIndexTitles()):toBe(nil)
end)

scenario("the counts before are the ones the view loaded, not the data source's", function()
  local tv, model = numbers(2)
  model.n = 3                                      -- changed without telling the view
  expect(tv:numberOfRowsInSection(0)):toBe(2)
  tv:reloadData()                                  -- reloadData asks again
  expect(tv:numberOfRowsInSection(0)):toBe(3)
end)

scenario("nested beginUpdates/endUpdates are one batch, validated at the outermost end", function()
  local tv, model = numbers(2)
  ripple.clearEvents()
  tv:beginUpdates()
  tv:insertRows({ ripple.indexPath(0, 2) })
  tv:beginUpdates()
  tv:insertRows({ ripple.indexPath(0, 3) })
  tv:endUpdates()                                  -- inner: nothing happens yet
  expect(tv.isUpdating):toBe(true)
  expect(#ripple.events()):toBe(0)
  model.n = 4
  tv:endUpdates()
  expect(ripple.events()):toEqual({ "[numbers] performBatchUpdates insertRows: [0, 2], [0, 3]" })
  expect(tv:numberOfRowsInSection(0)):toBe(4)
  expect(tv.batchUpdateCount):toBe(1)
end)

scenario("performBatchUpdates inside beginUpdates joins the outer batch", function()
  local tv, model = numbers(1)
  tv:beginUpdates()
  tv:performBatchUpdates(function(batch) batch:insertRows({ ripple.indexPath(0, 0) }) end)
  tv:deleteRows({ ripple.indexPath(0, 0) })
  tv:endUpdates()
  expect(tv.batchUpdateCount):toBe(1)
end)

scenario("single calls outside a batch are a batch of one", function()
  local tv, model = numbers(2)
  ripple.clearEvents()
  model.n = 1
  tv:deleteRows({ ripple.indexPath(0, 0) })
  expect(ripple.events()):toEqual({ "[numbers] performBatchUpdates deleteRows: [0, 0]" })
  expect(function() tv:deleteRows({ ripple.indexPath(0, 0) }) end):toRaise(
    "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with row counts: [1] } Data source after updates = { 1 section with row counts: [1] } Updates = [ Delete row (0 - 0) ]")
  expect(tv:numberOfRowsInSection(0)):toBe(1)
end)

scenario("an error inside the batch block leaves the view as it was", function()
  local tv, model = numbers(2)
  expect(function()
    tv:performBatchUpdates(function(batch)
      batch:insertRows({ ripple.indexPath(0, 0) })
      error("model update failed")
    end)
  end):toRaise("model update failed")
  expect(tv.isUpdating):toBe(false)
  expect(tv:numberOfRowsInSection(0)):toBe(2)
end)

scenario("section titles and index titles from the data source", function()
  local tv = ripple.tableView {
    dataSource = {
      numberOfSections = function() return 2 end,
      numberOfRowsInSection = function(_, section) return section + 1 end,
      cellForRowAtIndexPath = function(_, indexPath) return { text = tostring(indexPath) } end,
      titleForHeaderInSection = function(_, section) return ({ "Alpha", "Beta" })[section + 1] end,
      sectionIndexTitles = function() return { "A", "B" } end,
    },
  }
  expect(tv:snapshot()[2]):toEqual({ cells = { { text = "[1, 0]" }, { text = "[1, 1]" } },
                                     supplementaryViews = { header = { title = "Beta" } } })
  expect(tv:sectionIndexTitles()):toEqual({ "A", "B" })
end)
