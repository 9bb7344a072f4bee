/// How a presented controller covers its presenter (`UIModalPresentationStyle`).
///
/// Only ``fullScreen`` hides the presenter: its controllers disappear when the presentation appears and
/// reappear when it is dismissed. Every other style leaves the presenter visible, so it gets no
/// lifecycle callbacks.
///
/// ```swift
/// detail.modalPresentationStyle = .formSheet
/// try list.present(detail, animated: true)
/// ```
public enum ModalPresentationStyle: String, CaseIterable, Sendable {
    /// The default: iOS 13+ resolves it to a page sheet, so the presenter stays visible.
    case automatic
    /// Covers the whole screen; the presenter disappears.
    case fullScreen
    /// A card over the presenter, which stays visible.
    case pageSheet
    /// A centred card over the presenter, which stays visible.
    case formSheet
    /// A popover anchored in the presenter, which stays visible.
    case popover
    /// Over the presenter's context, which stays visible.
    case overCurrentContext

    /// True when the presentation hides the controllers below it.
    public var hidesPresenter: Bool { self == .fullScreen }
}
