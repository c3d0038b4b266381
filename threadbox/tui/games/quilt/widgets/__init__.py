"""Widgets of the Quilt screen: the sheet, the table with its needle holders, the colours."""
