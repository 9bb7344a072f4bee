-- The classic search filter over a fetched results controller: the list controller is the search results
-- updater; on each change of the search it changes the controller's predicate, calls performFetch and reloads
-- the table. Then the well-known bug: forgetting performFetch — the table keeps the old rows, and Ripple
-- traces a warning when the stale results are read.
local model = ripple.model { Contact = { name = "string" } }
local ctx = ripple.container(model).viewContext
for _, n in ipairs { "Ann", "Andy", "Bob", "Cy" } do ctx:insert("Contact", { name = n }) end
ctx:save()

local function contactsScreen(forgetsPerformFetch)
  local window = ripple.window()
  local list = ripple.viewController "Contacts"
  local nav = ripple.navigationController { list, title = "Nav" }
  local frc = ripple.fetchedResultsController { context = ctx, entity = "Contact", sortDescriptors = { "name" }, name = "contacts" }
  frc:performFetch()
  local tv = ripple.tableView()
  tv:register("Cell")
  tv.dataSource = {
    numberOfRowsInSection = function() return #frc.fetchedObjects end,
    cellForRowAtIndexPath = function(view, indexPath)
      local cell = view:dequeueReusableCell("Cell", indexPath)
      cell.text = frc:objectAtIndexPath(indexPath).name
      return cell
    end,
  }
  tv:reloadData()
  function list:updateSearchResultsForSearchController(search)
    local text = search.searchBar.text
    if text == "" then frc.predicate = nil else frc.predicate = string.format("name BEGINSWITH[c] %q", text) end
    if not forgetsPerformFetch then frc:performFetch() end
    tv:reloadData()
  end
  local search = ripple.searchController { searchResultsUpdater = list, name = "Search" }
  list.navigationItem.searchController = search
  window.rootViewController = nav
  window:clearEventLog()
  local function rows()
    local names = {}
    for i = 0, tv:numberOfRowsInSection(0) - 1 do names[#names + 1] = tv:cellForRowAtIndexPath(ripple.indexPath(0, i)).text end
    return names
  end
  return { window = window, search = search, rows = rows, list = list }
end

scenario("typing filters the rows; cancel shows them all again", function()
  local s = contactsScreen(false)
  expect(s.search.isActive):toBe(false)
  ripple.user.search(s.search, "an")
  expect(s.window.eventLog):toEqual({
    'user search "an" in Search',
    'updateSearchResultsForSearchController Search ""',
    'updateSearchResultsForSearchController Search "an"',
  })
  expect(s.search.isActive):toBe(true)
  expect(s.search.searchBar.text):toBe("an")
  expect(s.rows()):toEqual({ "Andy", "Ann" })
  ripple.user.search(s.search, "ann")
  expect(s.rows()):toEqual({ "Ann" })
  ripple.user.cancelSearch(s.search)
  expect(s.window.eventLog[#s.window.eventLog]):toBe('updateSearchResultsForSearchController Search "" (inactive)')
  expect(s.search.isActive):toBe(false)
  expect(s.rows()):toEqual({ "Andy", "Ann", "Bob", "Cy" })
end)

scenario("the bug: the predicate changes but nobody fetches — the table keeps the old rows, and the trace says why", function()
  local s = contactsScreen(true)
  local before = #ripple.events()
  ripple.user.search(s.search, "b")
  expect(s.rows()):toEqual({ "Andy", "Ann", "Bob", "Cy" })
  local warnings = {}
  for i = before + 1, #ripple.events() do
    if ripple.events()[i]:find("warning", 1, true) then warnings[#warnings + 1] = ripple.events()[i] end
  end
  expect(warnings):toEqual({
    '[frc contacts] warning: the predicate changed to name BEGINSWITH[c] "b" after the last performFetch; fetchedObjects and sections still follow the previous fetch (call performFetch)',
  })
end)

scenario("bad input: a search bar not on screen, a cancel with no search, an updater without the method", function()
  local s = contactsScreen(false)
  local loose = ripple.searchController { name = "Loose", searchResultsUpdater = s.list }
  expect(function() ripple.user.search(loose, "a") end)
    :toRaise("164-screens-search-filter.lua:82: search: <Loose> is not the searchController of a navigation item")
  local bare = ripple.viewController "Bare"
  bare.navigationItem.searchController = loose
  s.window.rootViewController:present(bare, false)
  expect(function() ripple.user.search(loose, "a") end)
    :toRaise("search: <Loose> is not on screen: <Bare> is not in a navigation controller, so its navigation bar shows no search bar")
  expect(function() ripple.user.search(s.search, "a") end)
    :toRaise("search: <Contacts> is covered by <Bare>, which is presented over it")
  expect(s.search.searchBar.text):toBe("")
  bare:dismiss(false)
  expect(function() ripple.user.cancelSearch(s.search) end):toRaise("cancelSearch: <Search> is not active")
  expect(function() ripple.searchController { searchResultsUpdater = {} } end)
    :toRaise("updateSearchResultsForSearchController")
  expect(function() ripple.searchController { searchResultsUpdater = { updateSearchResultForSearchController = function() end } } end)
    :toRaise("did you mean 'updateSearchResultsForSearchController'")
  s.list.updateSearchResultsForSearchController = function() error("no results") end
  expect(function() ripple.user.search(s.search, "z") end):toRaise("no results")
  expect(s.rows()):toEqual({ "Andy", "Ann", "Bob", "Cy" })
end)
