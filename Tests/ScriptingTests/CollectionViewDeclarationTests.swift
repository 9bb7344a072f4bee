@testable import Scripting
import LuaBridge
import Testing

/// The collection-view classes and the protocols are declared once: the annotations come from the declarations.
@Suite struct CollectionViewDeclarationTests {
    @Test("views and batches adopt the one BatchUpdating declaration; its methods are annotated once")
    func batchUpdating() {
        let reference = CollectionViewClassesReference()
        #expect(CollectionViewClasses.viewDeclaration(reference).adoptedProtocols.map(\.name) == ["BatchUpdating"])
        #expect(CollectionViewClasses.batchDeclaration(reference).adoptedProtocols.map(\.name) == ["BatchUpdating"])
        let source = LuaAnnotations.source
        #expect(source.contains("---@class CollectionView : BatchUpdating\n"))
        #expect(source.contains("---@class BatchUpdate : BatchUpdating\n"))
        #expect(source.components(separatedBy: ":insertRows(").count == 2)
        #expect(source.contains("---@field [string] any The content the prepare blocks set (`cell.text`).\nlocal CollectionReusableView = {}"))
    }

    @Test("every protocol a Lua object plays is annotated from its declaration, with typed members")
    func protocolAnnotations() {
        let source = LuaAnnotations.source
        for declaration in LuaProtocols.all {
            #expect(source.contains(declaration.annotations), "\(declaration.name)")
            #expect(!declaration.summary.isEmpty, "\(declaration.name)")
        }
        #expect(source.contains("---@field numberOfRowsInSection fun(view: CollectionView, section: integer): integer The number of rows of a section.\n"))
        #expect(source.contains("---@alias ScriptDataSource UITableViewDataSource|UICollectionViewDataSource\n"))
    }
}

/// The managed-object class callbacks are declared as a protocol; the names `model:class` accepts come from it.
@Suite struct ManagedObjectProtocolTests {
    @Test("the callback names model:class checks are the declaration's, in Core Data's order")
    func names() {
        #expect(ScriptEngine.objectClassCallbackNames == [
            "awakeFromInsert", "awakeFromFetch", "willSave", "didSave", "prepareForDeletion", "willTurnIntoFault",
            "didTurnIntoFault", "validateForInsert", "validateForUpdate", "validateForDelete",
        ])
        #expect(LuaProtocols.managedObject.members.allSatisfy { !$0.doc.isEmpty && $0.requirement == .optional })
        #expect(LuaAnnotations.source.contains("---@class NSManagedObject\n---@field awakeFromInsert? fun(self: ManagedObject)"))
    }
}
