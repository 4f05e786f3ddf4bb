/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
import{r as e,h as s,d as o}from"./p-tcQvqkiX.js";const t=class{constructor(s){e(this,s)}render(){return s(o,{key:"665f41a854621f898eaf7ba9a49e77cc9326501e"},s("slot",{key:"635aa57fbf6167dcd36fe8dc5dfc1c313637ac04"}))}};t.style=":host{scroll-snap-align:center;scroll-snap-stop:always;-ms-flex-negative:0;flex-shrink:0;width:100%;min-height:1px;overflow-y:scroll;scrollbar-width:none;-ms-overflow-style:none;}:host::-webkit-scrollbar{display:none}";export{t as ion_segment_content}