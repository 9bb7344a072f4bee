extension LuaAnnotations {
    /// The annotations of the protocols declared with ``LuaProtocolDeclaration`` — the batch operations
    /// views and batches share, and every protocol a Lua object plays (``LuaProtocols/all``) — generated from
    /// their declarations, with the names the other annotations use for them.
    static var declaredProtocols: String {
        ([CollectionViewClasses.batchUpdating] + LuaProtocols.all + [LuaProtocols.managedObject]).map(\.annotations).joined(separator: "\n")
            + "\n" + protocolAliases + controllerProtocolAliases
    }

    /// The collection-view classes declared with ``LuaClassDeclaration``, and the table-view name of their view.
    static var declaredCollectionViews: String {
        BridgeClasses.collectionViewDeclarations.map(\.annotations).joined(separator: "\n") + "\n" + #"""
---A table view (`UITableView`, made by `ripple.tableView`): the collection-view class, used with its row
---names (`insertRows`, `numberOfRowsInSection`, `cellForRowAtIndexPath`, `visibleRows`) and with
---`beginUpdates`/`endUpdates`.
---@class TableView : CollectionView

"""#
    }

    /// The names the API's parameters and fields give the protocols.
    static let protocolAliases = #"""
---A data source the script writes (`view.dataSource = { … }`): a table view's or a collection view's.
---@alias ScriptDataSource UITableViewDataSource|UICollectionViewDataSource

---A view's delegate written by the script (`view.delegate = { … }`): table views use the `Row` names, collection views the `Item` names.
---@alias ScriptViewDelegate UITableViewDelegate|UICollectionViewDelegate

---A prefetching data source written by the script (`view.prefetchDataSource = { … }`).
---@alias ScriptPrefetchDataSource UITableViewDataSourcePrefetching|UICollectionViewDataSourcePrefetching

"""#
}

extension LuaAnnotations {
    /// The names the controllers' annotations give the protocols of their delegates.
    static let controllerProtocolAliases = #"""
---The callbacks of `frc.delegate`.
---@alias FetchedResultsControllerDelegate NSFetchedResultsControllerDelegate

---The callbacks of `nav.delegate`.
---@alias NavigationControllerDelegate UINavigationControllerDelegate

---The callbacks of `tabs.delegate`.
---@alias TabBarControllerDelegate UITabBarControllerDelegate

---The callbacks of `split.delegate`.
---@alias SplitViewControllerDelegate UISplitViewControllerDelegate

---The callbacks of `vc.presentationController.delegate`.
---@alias AdaptivePresentationControllerDelegate UIAdaptivePresentationControllerDelegate

---The object told of each change of a search.
---@alias SearchResultsUpdating UISearchResultsUpdating

"""#
}
