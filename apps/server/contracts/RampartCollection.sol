// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title RampartCollection
/// @notice The minimal ERC-721 Rampart deploys for a partner's NFT collection (issue 17). No imports: ERC-165,
/// ERC-721 (balanceOf, ownerOf, approvals, transferFrom, safeTransferFrom) and the metadata extension (name, symbol,
/// tokenURI). Only the deployer (Rampart's minter) mints; token ids count up from 1.
/// Compiled by scripts/compile-contracts.mjs into apps/server/src/lib/chain/rampart-collection.artifact.ts.
interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data) external returns (bytes4);
}

contract RampartCollection {
    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    string private _name;
    string private _symbol;
    string private _baseTokenURI;
    address public immutable owner;
    uint256 public totalSupply;

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) private _tokenApprovals;
    mapping(address => mapping(address => bool)) private _operatorApprovals;
    mapping(uint256 => string) private _tokenURIs;

    constructor(string memory name_, string memory symbol_, string memory baseTokenURI_) {
        _name = name_;
        _symbol = symbol_;
        _baseTokenURI = baseTokenURI_;
        owner = msg.sender;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0x80ac58cd // ERC-721
            || interfaceId == 0x5b5e139f; // ERC-721 metadata
    }

    function name() external view returns (string memory) {
        return _name;
    }

    function symbol() external view returns (string memory) {
        return _symbol;
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        _requireOwned(tokenId);
        string memory own = _tokenURIs[tokenId];
        if (bytes(own).length > 0) return own;
        if (bytes(_baseTokenURI).length == 0) return "";
        return string.concat(_baseTokenURI, _toString(tokenId));
    }

    function balanceOf(address holder) external view returns (uint256) {
        require(holder != address(0), "ERC721: zero address");
        return _balances[holder];
    }

    function ownerOf(uint256 tokenId) external view returns (address) {
        return _requireOwned(tokenId);
    }

    function approve(address to, uint256 tokenId) external {
        address holder = _requireOwned(tokenId);
        require(msg.sender == holder || _operatorApprovals[holder][msg.sender], "ERC721: not owner nor operator");
        _tokenApprovals[tokenId] = to;
        emit Approval(holder, to, tokenId);
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        _requireOwned(tokenId);
        return _tokenApprovals[tokenId];
    }

    function setApprovalForAll(address operator, bool approved) external {
        require(operator != address(0), "ERC721: zero operator");
        _operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address holder, address operator) external view returns (bool) {
        return _operatorApprovals[holder][operator];
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address holder = _requireOwned(tokenId);
        require(holder == from, "ERC721: from is not the owner");
        require(to != address(0), "ERC721: transfer to the zero address");
        require(
            msg.sender == holder || _tokenApprovals[tokenId] == msg.sender || _operatorApprovals[holder][msg.sender],
            "ERC721: not owner nor approved"
        );
        delete _tokenApprovals[tokenId];
        unchecked {
            _balances[from] -= 1;
            _balances[to] += 1;
        }
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        _checkReceiver(from, to, tokenId, data);
    }

    /// @notice Mints the next token (ids from 1) to `to`; `uri` (optional) overrides the base URI for this token.
    function mint(address to, string calldata uri) external returns (uint256 tokenId) {
        require(msg.sender == owner, "RampartCollection: only the owner mints");
        require(to != address(0), "ERC721: mint to the zero address");
        tokenId = ++totalSupply;
        _owners[tokenId] = to;
        unchecked {
            _balances[to] += 1;
        }
        if (bytes(uri).length > 0) _tokenURIs[tokenId] = uri;
        emit Transfer(address(0), to, tokenId);
    }

    function _requireOwned(uint256 tokenId) private view returns (address holder) {
        holder = _owners[tokenId];
        require(holder != address(0), "ERC721: token does not exist");
    }

    function _checkReceiver(address from, address to, uint256 tokenId, bytes memory data) private {
        if (to.code.length == 0) return;
        try IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data) returns (bytes4 answer) {
            require(answer == IERC721Receiver.onERC721Received.selector, "ERC721: receiver refused the token");
        } catch {
            revert("ERC721: receiver refused the token");
        }
    }

    function _toString(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 rest = value; rest != 0; rest /= 10) digits++;
        bytes memory buffer = new bytes(digits);
        while (value != 0) {
            digits -= 1;
            buffer[digits] = bytes1(uint8(48 + (value % 10)));
            value /= 10;
        }
        return string(buffer);
    }
}
